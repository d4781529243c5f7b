/**
 * The click guard in Chromium (IntersectionObserver v2): a real click counts only once the
 * screen has been fully visible and still for 500 ms; under a transparent overlay, partly out
 * of view, cut or moved by the host, it does not, and the button says why.
 */
import { sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { HostLayoutMessage } from '../../messages.js';
import { safetyTexts } from '../safety-texts.js';
import { createClickGuard } from './click-guard.js';
import { STILL_MS } from './clickable.js';
import { realClick } from '../test-utils/screen-clicks.js';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
const EN = safetyTexts('en');

function setup(locale = 'en') {
  const card = document.createElement('section');
  card.style.cssText = 'position: absolute; left: 20px; top: 20px; width: 300px; padding: 10px;';
  const note = document.createElement('p');
  const button = document.createElement('button');
  button.textContent = 'Approve';
  card.append(note, button);
  document.body.append(card);
  const guard = createClickGuard({ texts: () => safetyTexts(locale) });
  const clicks: number[] = [];
  const stop = guard.guard(card, button, note, () => clicks.push(Date.now()));
  return { card, note, button, guard, clicks, stop };
}

const layout = (over: Partial<HostLayoutMessage> = {}): HostLayoutMessage => ({
  kind: 'layout',
  rect: { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight },
  clipped: false,
  animating: false,
  ...over,
});

describe('frame click guard', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('a real click counts once the screen was visible and still for 500 ms', async () => {
    const { button, note, clicks } = setup();
    await tick(100);
    await realClick(button);
    expect(clicks).to.have.length(0);
    expect(note.textContent).to.equal(EN.settling);
    await tick(STILL_MS);
    expect(button.disabled).to.equal(false);
    button.click();
    expect(clicks).to.have.length(0);
    await realClick(button);
    expect(clicks).to.have.length(1);
  });

  it('under a transparent overlay that lets clicks through, a real click does not count', async () => {
    const { button, note, clicks } = setup();
    await tick(STILL_MS + 100);
    const overlay = document.createElement('div');
    overlay.style.cssText = 'position: fixed; inset: 0; background: transparent; pointer-events: none; z-index: 10;';
    document.body.append(overlay);
    await tick(300);
    expect(note.textContent).to.equal(EN.covered);
    await realClick(button);
    expect(clicks).to.have.length(0);
    overlay.remove();
    await tick(300);
    await realClick(button);
    expect(clicks).to.have.length(0);
    await tick(STILL_MS);
    await realClick(button);
    expect(clicks).to.have.length(1);
  });

  it('a screen partly out of view does not count', async () => {
    const { card, button, note, clicks } = setup();
    card.style.top = `${window.innerHeight - 40}px`;
    await tick(STILL_MS + 200);
    expect(note.textContent).to.equal(EN.clipped);
    expect(button.disabled).to.equal(true);
    await sendMouse({ type: 'click', position: [120, window.innerHeight - 5] });
    expect(clicks).to.have.length(0);
  });

  it("the host's reports hold it back: cut off, animating, moved; in the visitor's language", async () => {
    const { guard, button, note, clicks } = setup('de');
    guard.hostLayout(layout());
    await tick(STILL_MS + 100);
    expect(button.disabled).to.equal(false);
    guard.hostLayout(layout({ clipped: true }));
    expect(note.textContent).to.equal(safetyTexts('de').clipped);
    await realClick(button);
    expect(clicks).to.have.length(0);
    guard.hostLayout(layout({ animating: true }));
    expect(note.textContent).to.equal(safetyTexts('de').moving);
    guard.hostLayout(layout());
    await tick(STILL_MS + 50);
    guard.hostLayout(layout({ rect: { x: 0, y: 40, width: window.innerWidth, height: window.innerHeight } }));
    await realClick(button);
    expect(clicks).to.have.length(0);
    expect(note.textContent).to.equal('Einen Moment: Das Fenster bewegt sich');
    await tick(STILL_MS + 50);
    await realClick(button);
    expect(clicks).to.have.length(1);
  });

  it('stops: no click counts and no report reaches it after', async () => {
    const { guard, button, clicks, stop } = setup();
    await tick(STILL_MS + 100);
    stop();
    guard.hostLayout(layout({ clipped: true }));
    await realClick(button);
    expect(clicks).to.have.length(0);
  });
});
