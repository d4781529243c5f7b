import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { W3Error } from '../../../core/errors.js';
import { validateEmail } from '../../../stores/connection/connect.js';
import { $emailChange, $embeddedUser } from '../../../stores/embedded/state.js';
import { activeDeep, axeViolations, deep, deepAll, deepText, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { EmbeddedWalletError } from '../../../core/errors/frame.js';
import { refusalOf } from '../../../frame/bridge/refusals.js';
import { setLocale } from '../../../stores/ui/locale.js';
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
  afterEach(async () => {
    await setLocale('en');
    resetAll();
  });

  it("asks for the new address: 'Email', Enter submits, and says what is wrong with the address", async () => {
    const { view, calls } = await mount();
    expect(deep<HTMLLabelElement>(view, 'w3-ui-text-input', 'label')!.textContent).to.equal('Email');
    deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!.focus();
    await sendKeys({ press: 'Enter' });
    await view.updateComplete;
    expect(deepText(view)).to.contain('Enter your e-mail address');
    await sendKeys({ type: 'x@y' });
    deep(view, 'w3-ui-button', 'button')!.click();
    await view.updateComplete;
    expect(deepText(view)).to.contain('Enter a valid e-mail address, like name@example.com');
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

  it('refuses the current address and a 312-character one in the form, in the active locale, sending nothing', async () => {
    const view = document.createElement('w3-update-email-wallet-view');
    (await mountFixture('<div></div>')).append(view);
    await view.updateComplete;
    const field = deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!;
    const submit = async (value: string) => {
      field.focus();
      field.select();
      await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: value });
      await sendKeys({ press: 'Enter' });
      await view.updateComplete;
    };
    await submit('OLD@example.com');
    expect(deepText(view)).to.contain('This is already your e-mail address');
    await submit(`${'a'.repeat(300)}@example.com`);
    expect(deepText(view)).to.contain('This e-mail address is too long: at most 254 characters');
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect($emailChange.get()).to.deep.equal({ step: 'idle', newEmail: undefined, error: undefined });
    await setLocale('de');
    await waitFor(() => deepText(view).includes('Diese E-Mail-Adresse ist zu lang'), 3000, 'German words');
    await submit('old@example.com');
    expect(deepText(view)).to.contain('Das ist bereits Ihre E-Mail-Adresse');
    expect(deepText(view)).to.not.contain('already your address');
  });

  it("says the server's refusal in the user's words, never its message", async () => {
    const { view } = await mount();
    const refusal = refusalOf('UpdateEmail', {
      message: "Invalid body field 'email': it is already your address",
      reason: 'EMAIL_IS_CURRENT',
    })!;
    $emailChange.set({
      step: 'idle',
      newEmail: 'old@example.com',
      error: new EmbeddedWalletError("Invalid body field 'email': it is already your address", { messageCode: refusal.messageCode }),
    });
    await view.updateComplete;
    expect(deep(view, '[data-login-error]')!.textContent).to.equal('This is already your e-mail address');
    const taken = refusalOf('UpdateEmail', { message: 'This e-mail address belongs to another account', reason: 'EMAIL_TAKEN' })!;
    $emailChange.setKey('error', new EmbeddedWalletError('x', { messageCode: taken.messageCode }));
    await setLocale('ja');
    await waitFor(
      () => deep(view, '[data-login-error]')!.textContent === 'このメールアドレスは別のアカウントで使われています',
      3000,
      'Japanese words',
    );
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
