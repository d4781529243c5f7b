/** The frame's 'Create passkey' screen in Chromium: only a real click creates, errors stay, Cancel rejects. */
import { expect } from 'chai';
import type { FrameEvent, Passkey } from '../../messages.js';
import { createPasskeyScreen } from './passkey-screen.js';
import { createSurface } from './surface.js';
import { button, realClick } from '../test-utils/screen-clicks.js';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSKEY: Passkey = { id: 'credential-id-0001', name: 'Passkey', createdAt: 1, lastUsedAt: null, prf: true };

function setup() {
  const root = document.createElement('main');
  document.body.append(root);
  const events: FrameEvent[] = [];
  return { root, events, screen: createPasskeyScreen(createSurface(root, (event) => events.push(event))) };
}

const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: Error) => ({ error: error.message }),
  );

describe('frame passkey screen', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('says what a passkey does, shows itself, and creates only on a real click', async () => {
    const { root, events, screen } = setup();
    let creates = 0;
    const result = outcome(
      screen.run(async () => {
        creates++;
        return PASSKEY;
      }),
    );
    expect(root.querySelector('section')!.getAttribute('aria-label')).to.equal('Add a passkey');
    expect(root.textContent).to.contain('log in to this wallet');
    expect(events[0]).to.deep.equal({ kind: 'event', type: 'Visibility', visible: true });
    expect(events[1]!.type).to.equal('Height');
    button(root, 'Create passkey').click();
    await tick();
    expect(creates).to.equal(0);
    await realClick(button(root, 'Create passkey'));
    expect(await result).to.deep.equal({ value: PASSKEY });
    expect(creates).to.equal(1);
    expect(root.childElementCount).to.equal(0);
    expect(events.at(-1)).to.deep.equal({ kind: 'event', type: 'Visibility', visible: false });
  });

  it('shows a failure and lets the user try again', async () => {
    const { root, screen } = setup();
    let tries = 0;
    const result = outcome(
      screen.run(async () => {
        if (++tries === 1) throw new Error('The passkey was not created');
        return PASSKEY;
      }),
    );
    await realClick(button(root, 'Create passkey'));
    await tick();
    expect(root.querySelector('[role=alert]')!.textContent).to.equal('The passkey was not created');
    expect(button(root, 'Create passkey').disabled).to.equal(false);
    await realClick(button(root, 'Create passkey'));
    expect(await result).to.deep.equal({ value: PASSKEY });
  });

  it("Cancel rejects with 'Passkey creation cancelled' and creates nothing", async () => {
    const { root, events, screen } = setup();
    let creates = 0;
    const result = outcome(screen.run(async () => (creates++, PASSKEY)));
    button(root, 'Cancel').click();
    await tick();
    expect(root.childElementCount).to.equal(1);
    await realClick(button(root, 'Cancel'));
    expect(await result).to.deep.equal({ error: 'Passkey creation cancelled' });
    expect(creates).to.equal(0);
    expect(root.childElementCount).to.equal(0);
    expect(events.at(-1)).to.deep.equal({ kind: 'event', type: 'Visibility', visible: false });
  });

  it('dismiss() (the host left the view) ends a shown screen as cancelled and hides it; with none shown it does nothing', async () => {
    const { root, events, screen } = setup();
    screen.dismiss();
    const result = outcome(screen.run(async () => PASSKEY));
    screen.dismiss();
    expect(await result).to.deep.equal({ error: 'Passkey creation cancelled' });
    expect(root.childElementCount).to.equal(0);
    expect(events.at(-1)).to.deep.equal({ kind: 'event', type: 'Visibility', visible: false });
  });
});
