import { expect } from 'chai';
import { W3Error } from '../../../core/errors.js';
import { $emailLogin } from '../../../stores/embedded/state.js';
import { axeViolations, deep, deepText, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import './email-verify-device-view.js';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-email-verify-device-view');
  (view as unknown as { actions: object }).actions = { resendEmail: async () => void calls.push('resend') };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

describe('EmailVerifyDevice', () => {
  afterEach(() => resetAll());

  it('asks to approve this device from the inbox, counts the cooldown down, then resends', async () => {
    $emailLogin.set({ step: 'device', email: 'ada@example.com', error: undefined, resendAt: Date.now() + 1500 });
    const { view, calls } = await mount();
    expect(deep(view, 'h3')!.textContent).to.equal('Register this device to continue');
    expect(deepText(deep(view, '[data-prompt]')!)).to.equal('Check your inbox: we sent a link to ada@example.com to approve this device.');
    expect(deep(view, '[data-resend]')!.textContent!.trim()).to.equal('Resend email in 2 s');
    expect(await axeViolations()).to.deep.equal([]);
    const button = await waitFor(() => deep(view, 'w3-ui-button[data-resend]'), 3000, 'the resend button');
    expect(button.textContent!.trim()).to.equal('Resend email');
    deep(button, 'button')!.click();
    expect(calls).to.deep.equal(['resend']);
  });

  it('shows the error', async () => {
    $emailLogin.set({ step: 'device', email: 'ada@example.com', error: new W3Error('Please try again after 20 seconds'), resendAt: 0 });
    const { view } = await mount();
    expect(deep(view, '[role="alert"]')!.textContent).to.equal('Please try again after 20 seconds');
  });
});
