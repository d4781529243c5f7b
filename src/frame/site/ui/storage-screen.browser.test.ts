/**
 * The frame's 'Stay logged in on this browser' screen in Chromium: only a real click asks the
 * browser (the Storage Access API needs the user's activation), 'Not now' goes on for the page,
 * and dismissing it (the host left the view) ends it as 'Not now'.
 */
import { expect } from 'chai';
import type { FrameEvent } from '../../messages.js';
import { createStorageScreen } from './storage-screen.js';
import { createSurface } from './surface.js';
import { button, realClick } from '../test-utils/screen-clicks.js';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

function setup() {
  const root = document.createElement('main');
  document.body.append(root);
  const events: FrameEvent[] = [];
  let requests = 0;
  let declined = 0;
  let activeAtRequest: boolean | undefined;
  const storage = {
    request: async () => {
      requests++;
      activeAtRequest = navigator.userActivation?.isActive;
      return 'session' as const;
    },
    decline: () => void declined++,
  };
  const screen = createStorageScreen(createSurface(root, (event) => events.push(event)));
  return { root, events, screen, storage, counts: () => ({ requests, declined, activeAtRequest }) };
}

describe('frame storage screen', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('says why, shows itself, and asks the browser only on a real click, while the click is active', async () => {
    const { root, events, screen, storage, counts } = setup();
    const result = screen.run(storage);
    expect(root.querySelector('section')!.getAttribute('aria-label')).to.equal('Stay logged in on this browser');
    expect(root.textContent).to.contain('you stay logged in until you reload the page');
    expect(events[0]).to.deep.equal({ kind: 'event', type: 'Visibility', visible: true });
    button(root, 'Allow').click();
    await tick();
    expect(counts().requests).to.equal(0);
    await realClick(button(root, 'Allow'));
    expect(await result).to.equal('session');
    expect(counts()).to.deep.equal({ requests: 1, declined: 0, activeAtRequest: true });
    expect(root.childElementCount).to.equal(0);
    expect(events.at(-1)).to.deep.equal({ kind: 'event', type: 'Visibility', visible: false });
  });

  it("goes on without storage on 'Not now', and when the host leaves the view", async () => {
    const first = setup();
    const declined = first.screen.run(first.storage);
    await realClick(button(first.root, 'Not now'));
    expect(await declined).to.equal('session');
    expect(first.counts()).to.include({ requests: 0, declined: 1 });
    document.body.replaceChildren();

    const second = setup();
    const dismissed = second.screen.run(second.storage);
    second.screen.dismiss();
    expect(await dismissed).to.equal('session');
    expect(second.counts()).to.include({ requests: 0, declined: 1 });
  });
});
