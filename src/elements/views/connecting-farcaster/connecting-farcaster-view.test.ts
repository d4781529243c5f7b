import { expect } from 'chai';
import { $farcasterLogin } from '../../../stores/embedded/state.js';
import { axeViolations, deep, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { viewTitle } from '../../modal/view-titles.js';
import './connecting-farcaster-view.js';

const URL_ = 'https://farcaster.example/sign-in?channel=abc';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-connecting-farcaster-view');
  (view as unknown as { actions: object }).actions = {
    startFarcaster: async () => void calls.push('start'),
  };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

const set = (step: 'idle' | 'waiting' | 'expired' | 'error' | 'connecting', error?: unknown) =>
  $farcasterLogin.set({ step, url: step === 'idle' ? undefined : URL_, expiresAt: Date.now() + 60_000, error });

describe('ConnectingFarcaster', () => {
  afterEach(() => resetAll());

  it('is titled Farcaster', () => {
    expect(viewTitle('ConnectingFarcaster')).to.equal('Farcaster');
  });

  it('shows the link as a QR code, a link opening in a new tab, and Copy link', async () => {
    set('waiting');
    const { view, calls } = await mount();
    expect(calls).to.deep.equal([]);
    const qr = deep(view, 'w3-qr-code')!;
    expect(qr.getAttribute('uri')).to.equal(URL_);
    await waitFor(() => deep(qr, 'svg'), 3000, 'the QR code');
    const link = deep<HTMLAnchorElement>(view, 'a[data-link]')!;
    expect(link.href).to.equal(URL_);
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(link.textContent).to.equal('Open the sign-in link');
    expect(deep(view, 'w3-ui-button')!.textContent!.trim()).to.equal('Copy link');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("an expired link offers 'Get a new link'; an error stays with 'Try again'", async () => {
    set('expired');
    const { view, calls } = await mount();
    expect(deep(view, '[role="alert"]')!.textContent).to.equal('The sign-in link expired.');
    const button = deep<HTMLElement>(view, 'w3-ui-button')!;
    expect(button.textContent!.trim()).to.equal('Get a new link');
    deep<HTMLButtonElement>(button, 'button')!.click();
    expect(calls).to.deep.equal(['start']);
    expect(await axeViolations()).to.deep.equal([]);
    set('error', new Error('Relay unreachable'));
    await (view as { updateComplete: Promise<unknown> }).updateComplete;
    expect(deep(view, '[role="alert"]')!.textContent).to.equal('Relay unreachable');
    expect(deep(view, 'w3-ui-button')!.textContent!.trim()).to.equal('Try again');
    deep<HTMLButtonElement>(view, 'w3-ui-button', 'button')!.click();
    expect(calls).to.deep.equal(['start', 'start']);
  });

  it("shows 'Authenticating...' once approved", async () => {
    set('connecting');
    const { view } = await mount();
    expect(deep(view, '[role="status"]')!.textContent).to.equal('Authenticating...');
  });
});
