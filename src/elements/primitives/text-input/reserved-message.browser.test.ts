import { expect } from 'chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { resetRegisterName } from '../../../stores/names/register-name.js';
import { connectAccount, deep, deepAll, dialogOf, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** The real backend web-test-runner starts. */
const API = (window as unknown as { __W3_API_URL__: string }).__W3_API_URL__;

/** Lets the dialog's height animation (150 ms) finish. */
const settle = () => sleep(300);
const height = (el: W3Modal) => Math.round(dialogOf(el)!.getBoundingClientRect().height);

function type(field: HTMLElement, value: string): void {
  const input = field.shadowRoot!.querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}
const field = (view: HTMLElement, label?: string) =>
  deepAll<HTMLElement>(view, 'w3-ui-text-input').find((f) => label === undefined || f.getAttribute('label') === label)!;
const press = (view: HTMLElement, text: string) =>
  deepAll<HTMLElement>(view, 'w3-ui-button')
    .find((b) => b.textContent!.trim() === text)!
    .shadowRoot!.querySelector('button')!
    .click();

describe('Forms reserve their message lines: the dialog does not jump when a validation message appears', () => {
  beforeEach(() => {
    resetAll();
    resetRegisterName();
  });
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 800, height: 600 });
  });

  for (const width of [1280, 375]) {
    it(`Send at ${width} px: 'Enter an amount', 'Enter an address', the form's error, then 'Invalid address'`, async () => {
      await setViewport({ width, height: 800 });
      const el = await mountModal();
      connectAccount();
      void el.modal.open({ view: 'WalletSend' }).catch(() => undefined);
      const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-send-view'), 3000, 'send view');
      await waitFor(() => deep(view, 'w3-ui-token-picker'), 3000, 'form');
      await settle();
      const before = height(el);
      press(view, 'Preview send');
      await waitFor(() => field(view, 'To').getAttribute('error') === 'Enter an address', 2000, 'required');
      await settle();
      expect(deep(view, 'p.error')!.textContent!.trim()).to.equal('An amount and receiver address are required');
      expect(height(el)).to.equal(before);
      type(field(view, 'Amount'), '0.5');
      type(field(view, 'To'), '0x1234');
      press(view, 'Preview send');
      await waitFor(() => field(view, 'To').getAttribute('error') === 'Invalid address', 2000, 'invalid address');
      await settle();
      expect(height(el)).to.equal(before);
    });
  }

  it("a name: 'Name must be at least 4 characters' under the field", async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev' });
    connectAccount();
    await el.modal.open({ view: 'RegisterAccountName' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-register-account-name-view'), 3000, 'register view');
    await settle();
    const before = height(el);
    type(field(view), 'abc');
    await waitFor(() => field(view).getAttribute('error') === 'Name must be at least 4 characters', 2000, 'too short');
    await settle();
    expect(height(el)).to.equal(before);
  });

  it("e-mail: 'Enter a valid e-mail address, like name@example.com' under the field", async () => {
    await setViewport({ width: 375, height: 667 });
    const el = await mountModal({ features: { email: true } });
    await el.modal.open({ view: 'EmailLogin' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-email-login-view'), 3000, 'e-mail view');
    await settle();
    const before = height(el);
    field(view).shadowRoot!.querySelector('input')!.focus();
    await sendKeys({ type: 'nope' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => field(view).getAttribute('error') === 'Enter a valid e-mail address, like name@example.com', 2000, 'invalid');
    await settle();
    expect(height(el)).to.equal(before);
  });
});
