import { expect } from 'chai';
import { EmbeddedWalletError } from '../../../core/errors/frame.js';
import { setOptions } from '../../../stores/app/options.js';
import { $passkeyLogin } from '../../../stores/embedded/state.js';
import { axeViolations, baseOptions, deep, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import './passkey-login.element.js';
import type { W3PasskeyLogin } from './passkey-login.element.js';

const EMBEDDED = { secureSiteUrl: 'http://localhost:4303', projectId: 'w3kit-dev' };

type Watched = W3PasskeyLogin & { actions: { login(): Promise<void> } };

async function mount(options: object): Promise<{ el: Watched; logins: number[] }> {
  setOptions({ ...baseOptions(), ...options });
  const el = (await mountFixture('<w3-passkey-login></w3-passkey-login>')) as unknown as Watched;
  const logins: number[] = [];
  el.actions = { login: async () => void logins.push(Date.now()) };
  await el.updateComplete;
  return { el, logins };
}

const button = (el: HTMLElement) => deep<HTMLElement>(el, 'w3-ui-button[data-passkey-login]');
const nativeButton = (el: HTMLElement) => deep<HTMLButtonElement>(el, 'w3-ui-button[data-passkey-login]', 'button');

describe('<w3-passkey-login>', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it("offers 'Log in with a passkey' (a full-width secondary button with an icon) when the embedded wallet is configured", async () => {
    const { el, logins } = await mount({ ...EMBEDDED, features: { email: true } });
    expect(el.hidden).to.equal(false);
    const b = button(el)!;
    expect(b.hasAttribute('full-width')).to.equal(true);
    expect(b.getAttribute('variant')).to.equal('secondary');
    // The native button's name is its slotted text (no aria-label overrides it).
    expect(b.textContent!.trim()).to.equal('Log in with a passkey');
    expect(nativeButton(el)!.hasAttribute('aria-label')).to.equal(false);
    expect(b.querySelector('[slot="prefix"] svg')).to.not.equal(null);
    expect(nativeButton(el)!.getBoundingClientRect().width).to.be.greaterThan(200);
    expect(await axeViolations()).to.deep.equal([]);
    nativeButton(el)!.click();
    expect(logins).to.have.length(1);
  });

  it('shows with social login only, and not without the secure site or without e-mail and socials', async () => {
    const social = await mount({ ...EMBEDDED, features: { email: false, socials: ['google'] } });
    expect(social.el.hidden).to.equal(false);
    resetAll();
    const none = await mount({ ...EMBEDDED, features: { email: false, socials: false } });
    expect(none.el.hidden).to.equal(true);
    expect(button(none.el)).to.equal(null);
    resetAll();
    const noSite = await mount({ features: { email: true } });
    expect(noSite.el.hidden).to.equal(true);
    expect(noSite.el.getBoundingClientRect().height).to.equal(0);
  });

  it('is hidden in a browser without WebAuthn', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'PublicKeyCredential');
    expect(original, 'Chromium has WebAuthn').to.not.equal(undefined);
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true, writable: true });
    try {
      const { el } = await mount({ ...EMBEDDED, features: { email: true } });
      expect(el.hidden).to.equal(true);
      expect(button(el)).to.equal(null);
    } finally {
      Object.defineProperty(window, 'PublicKeyCredential', original!);
    }
  });

  it('is busy while working, then shows the failure as an alert with Try again until the user acts', async () => {
    const { el, logins } = await mount({ ...EMBEDDED, features: { email: true } });
    $passkeyLogin.set({ step: 'working', error: undefined });
    await el.updateComplete;
    expect(button(el)!.getAttribute('aria-busy')).to.equal('true');
    expect(nativeButton(el)!.disabled).to.equal(true);
    expect(deep(el, 'w3-ui-button[data-passkey-login] w3-ui-spinner')).to.not.equal(null);

    $passkeyLogin.set({ step: 'error', error: new EmbeddedWalletError('No passkey was chosen') });
    await el.updateComplete;
    expect(button(el)!.getAttribute('aria-busy')).to.equal('false');
    const alert = deep(el, '[role="alert"][data-passkey-error]')!;
    expect(alert.textContent!.replace(/\s+/g, ' ').trim()).to.equal('No passkey was chosen Try again');
    expect(await axeViolations()).to.deep.equal([]);
    deep<HTMLButtonElement>(el, '[data-passkey-retry]', 'button')!.click();
    expect(logins).to.have.length(1);
    $passkeyLogin.set({ step: 'idle', error: undefined });
    await waitFor(() => deep(el, '[data-passkey-error]')!.textContent!.trim() === '', 1000, 'the error cleared');
  });
});
