import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { W3Error } from '../../../core/errors.js';
import { validateEmail } from '../../../stores/connection/connect.js';
import { $emailLogin } from '../../../stores/embedded/state.js';
import { activeDeep, axeViolations, deep, deepText, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { EmbeddedWalletError } from '../../../core/errors/frame.js';
import { refusalOf } from '../../../frame/bridge/refusals.js';
import { $router, resetRouter } from '../../../stores/ui/router.js';
import { setLocale } from '../../../stores/ui/locale.js';
import './email-login-view.js';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-email-login-view');
  (view as unknown as { actions: object }).actions = {
    submitEmail: (email: string) => (calls.push(email), validateEmail(email)),
  };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

describe('EmailLogin', () => {
  afterEach(async () => {
    await setLocale('en');
    resetAll();
  });

  it("has a focused 'Email' textbox; Enter submits; what is wrong with the address shows under it", async () => {
    const { view, calls } = await mount();
    const input = deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!;
    expect(activeDeep() === input).to.equal(true);
    expect(deep<HTMLLabelElement>(view, 'w3-ui-text-input', 'label')!.textContent).to.equal('Email');
    await sendKeys({ press: 'Enter' });
    await view.updateComplete;
    expect(calls).to.deep.equal(['']);
    expect(deepText(view)).to.contain('Enter your e-mail address');
    await sendKeys({ type: 'nope' });
    await sendKeys({ press: 'Enter' });
    await view.updateComplete;
    expect(deepText(view)).to.contain('Enter a valid e-mail address, like name@example.com');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("submits a valid address with 'Continue'", async () => {
    const { view, calls } = await mount();
    deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!.focus();
    await sendKeys({ type: 'ada@example.com' });
    deep(view, 'w3-ui-button', 'button')!.click();
    await view.updateComplete;
    expect(calls).to.deep.equal(['ada@example.com']);
    expect(deepText(view)).to.not.contain('Enter a valid e-mail address');
  });

  it('refuses a 312-character address in the form itself, in the active locale, before anything is sent', async () => {
    const view = document.createElement('w3-email-login-view');
    (await mountFixture('<div></div>')).append(view);
    await view.updateComplete;
    resetRouter('EmailLogin');
    const address = `${'a'.repeat(300)}@example.com`;
    expect(address).to.have.length(312);
    deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!.focus();
    await sendKeys({ type: address });
    await sendKeys({ press: 'Enter' });
    await view.updateComplete;
    expect(deep(view, 'w3-ui-text-input', '[role="alert"]')!.textContent).to.equal(
      'This e-mail address is too long: at most 254 characters',
    );
    expect($emailLogin.get()).to.deep.equal({ step: 'idle', email: undefined, error: undefined, resendAt: 0 });
    expect($router.get().view).to.equal('EmailLogin');
    await setLocale('fr');
    await waitFor(
      () =>
        deep(view, 'w3-ui-text-input', '[role="alert"]')!.textContent ===
        'Cette adresse e-mail est trop longue : 254 caractères au maximum',
      3000,
      'French words',
    );
  });

  it("says the frame's refusal in the user's words, never the developer's sentence", async () => {
    const { view } = await mount();
    const refusal = refusalOf('ConnectOtp', { message: 'No e-mail login is pending: call ConnectEmail first', reason: 'NO_LOGIN' })!;
    $emailLogin.set({
      step: 'idle',
      email: 'ada@example.com',
      error: new EmbeddedWalletError('No e-mail login is pending: call ConnectEmail first', { messageCode: refusal.messageCode }),
      resendAt: 0,
    });
    await view.updateComplete;
    expect(deep(view, '[role="alert"]')!.textContent).to.equal('This login is no longer in progress. Please start again.');
    await setLocale('de');
    await waitFor(
      () => deep(view, '[role="alert"]')!.textContent === 'Diese Anmeldung läuft nicht mehr. Bitte beginnen Sie von vorn.',
      3000,
      'German words',
    );
  });

  it("is busy while sending and shows the login's error (the cooldown)", async () => {
    const { view, calls } = await mount();
    $emailLogin.setKey('step', 'sending');
    await view.updateComplete;
    const button = deep(view, 'w3-ui-button')!;
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.hasAttribute('disabled')).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(calls).to.deep.equal([]);
    $emailLogin.set({ step: 'idle', email: 'ada@example.com', error: new W3Error('Please try again after 12 seconds'), resendAt: 0 });
    await view.updateComplete;
    const alert = deep(view, '[role="alert"]')!;
    expect(alert.textContent).to.contain('Please try again after 12 seconds');
    expect(button.getAttribute('aria-busy')).to.equal('false');
  });
});
