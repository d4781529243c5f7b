import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { W3Error } from '../../../core/errors.js';
import { validateEmail } from '../../../stores/connection/connect.js';
import { $emailChange, $embeddedUser } from '../../../stores/embedded/state.js';
import { activeDeep, axeViolations, deep, deepAll, deepText, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import './update-email-wallet-view.js';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-update-email-wallet-view');
  (view as unknown as { actions: object }).actions = {
    startEmailChange: (email: string) => (calls.push(`email:${email}`), validateEmail(email)),
    submitEmailChangeOtp: async (otp: string) => void calls.push(`otp:${otp}`),
  };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

const boxes = (view: HTMLElement) => deepAll<HTMLInputElement>(view, 'w3-ui-otp-input', 'input');
const firstBoxFocused = (view: HTMLElement) => waitFor(() => activeDeep() === boxes(view)[0], 2000, 'the first box focused');

describe('UpdateEmailWallet', () => {
  beforeEach(() => $embeddedUser.set({ email: 'old@example.com' } as ReturnType<typeof $embeddedUser.get>));
  afterEach(() => {
    $emailChange.set({ step: 'idle', newEmail: undefined, error: undefined });
    $embeddedUser.set(undefined);
    resetAll();
  });

  it("asks for the new address: 'Email', Enter submits, 'Required' and 'Invalid input'", async () => {
    const { view, calls } = await mount();
    expect(deep<HTMLLabelElement>(view, 'w3-ui-text-input', 'label')!.textContent).to.equal('Email');
    deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!.focus();
    await sendKeys({ press: 'Enter' });
    await view.updateComplete;
    expect(deepText(view)).to.contain('Required');
    await sendKeys({ type: 'x@y' });
    deep(view, 'w3-ui-button', 'button')!.click();
    await view.updateComplete;
    expect(deepText(view)).to.contain('Invalid input');
    expect(calls).to.deep.equal(['email:', 'email:x@y']);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('asks for the code sent to the current address, then for the one sent to the new address, in empty boxes', async () => {
    $emailChange.set({ step: 'primary', newEmail: 'new@example.com', error: undefined });
    const { view, calls } = await mount();
    expect(deepText(deep(view, '[data-prompt]')!)).to.equal('Enter the code we sent to old@example.com');
    await firstBoxFocused(view);
    await sendKeys({ type: '123456' });
    expect(calls).to.deep.equal(['otp:123456']);
    $emailChange.setKey('step', 'verifying');
    await view.updateComplete;
    expect(deep(view, '[role="status"]')!.textContent).to.contain('Authenticating...');
    $emailChange.setKey('step', 'secondary');
    await view.updateComplete;
    expect(deepText(deep(view, '[data-prompt]')!)).to.equal('Enter the code we sent to new@example.com');
    expect(boxes(view).map((b) => b.value)).to.deep.equal(['', '', '', '', '', '']);
    await firstBoxFocused(view);
    await sendKeys({ type: '654321' });
    expect(calls).to.deep.equal(['otp:123456', 'otp:654321']);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('shows nothing once done (the action shows Account)', async () => {
    $emailChange.set({ step: 'done', newEmail: 'new@example.com', error: undefined });
    const { view } = await mount();
    expect(view.shadowRoot!.children.length).to.equal(0);
  });

  it('shows an error with the boxes cleared and focus back on the first', async () => {
    $emailChange.set({ step: 'secondary', newEmail: 'new@example.com', error: undefined });
    const { view } = await mount();
    await firstBoxFocused(view);
    await sendKeys({ type: '999999' });
    $emailChange.set({ step: 'secondary', newEmail: 'new@example.com', error: new W3Error('Invalid code') });
    await firstBoxFocused(view);
    expect(boxes(view).map((b) => b.value)).to.deep.equal(['', '', '', '', '', '']);
    expect(deep(view, 'w3-ui-otp-input', '[role="alert"]')!.textContent).to.equal('Invalid code');
  });
});
