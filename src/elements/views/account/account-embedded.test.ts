import { expect } from 'chai';
import { $embeddedUser } from '../../../stores/embedded/state.js';
import { $router } from '../../../stores/ui/router.js';
import { axeViolations, connectAccount, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';

const LONG = 'someone.with.a.long.address@example.com';
const rows = (view: HTMLElement) => deepAll<HTMLElement>(view, '[data-embedded]');
const row = (view: HTMLElement, name: string) => deep<HTMLElement>(view, `[data-embedded="${name}"]`)!;

async function openAccount(): Promise<HTMLElement> {
  const el = await mountModal();
  connectAccount();
  await el.modal.open({ view: 'Account' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
}

describe('Account view, embedded wallet', () => {
  beforeEach(() => resetAll());
  afterEach(() => {
    $embeddedUser.set(undefined);
    resetAll();
  });

  it('shows nothing of the embedded wallet for another wallet', async () => {
    const view = await openAccount();
    expect(rows(view)).to.deep.equal([]);
    expect(deep(view, '[data-embedded-email]')).to.equal(null);
    expect(deepText(view)).to.not.contain('Export key');
  });

  it("shows the e-mail (truncated past 30 characters), 'Update e-mail' opens UpdateEmailWallet, 'Export key' exports", async () => {
    $embeddedUser.set({ email: LONG } as ReturnType<typeof $embeddedUser.get>);
    const view = await openAccount();
    const email = deep(view, '[data-embedded-email]')!;
    expect(email.textContent).to.equal(`${LONG.slice(0, 30)}…`);
    expect(email.title).to.equal(LONG);
    expect(rows(view).map((r) => r.textContent!.trim())).to.deep.equal(['Passkeys', 'Devices', 'Update e-mail', 'Export key']);
    expect(await axeViolations()).to.deep.equal([]);
    const calls: string[] = [];
    (view as unknown as { embeddedActions: { updateEmail(): void; exportKey(): void } }).embeddedActions.exportKey = () =>
      void calls.push('export');
    deep(row(view, 'export-key'), 'button')!.click();
    expect(calls).to.deep.equal(['export']);
    deep(row(view, 'update-email'), 'button')!.click();
    await waitFor(() => $router.get().view === 'UpdateEmailWallet', 2000, 'UpdateEmailWallet');
  });

  it("'Passkeys' opens the Passkeys view", async () => {
    $embeddedUser.set({ email: 'ada@example.com' } as ReturnType<typeof $embeddedUser.get>);
    const view = await openAccount();
    const passkeys = row(view, 'passkeys');
    expect(passkeys.querySelector('svg[aria-hidden="true"]')).to.not.equal(null);
    deep(passkeys, 'button')!.click();
    await waitFor(() => $router.get().view === 'Passkeys', 2000, 'Passkeys');
  });

  it("'Devices' opens the Devices view", async () => {
    $embeddedUser.set({ email: 'ada@example.com' } as ReturnType<typeof $embeddedUser.get>);
    const view = await openAccount();
    const devices = row(view, 'devices');
    expect(devices.querySelector('svg[aria-hidden="true"]')).to.not.equal(null);
    deep(devices, 'button')!.click();
    await waitFor(() => $router.get().view === 'Devices', 2000, 'Devices');
  });

  it("a social login shows the provider and the username, and without an e-mail no 'Update e-mail' nor 'Export key'", async () => {
    $embeddedUser.set({ email: null, socialProvider: 'google', userName: 'alice' } as ReturnType<typeof $embeddedUser.get>);
    const view = await openAccount();
    expect(deep(view, '[data-embedded-identity]')!.textContent).to.equal('Google · alice');
    expect(deep(view, '[data-embedded-email]')).to.equal(null);
    expect(rows(view).map((r) => r.dataset['embedded'])).to.deep.equal(['passkeys']);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("Farcaster's username reads '@alice'; a social login with an e-mail keeps the e-mail rows", async () => {
    $embeddedUser.set({ email: null, socialProvider: 'farcaster', userName: 'alice' } as ReturnType<typeof $embeddedUser.get>);
    const view = await openAccount();
    expect(deep(view, '[data-embedded-identity]')!.textContent).to.equal('Farcaster · @alice');
    $embeddedUser.set({ email: 'bob@example.com', socialProvider: 'github' } as ReturnType<typeof $embeddedUser.get>);
    await waitFor(() => deep(view, '[data-embedded-identity]')?.textContent === 'GitHub · bob@example.com', 2000, 'GitHub');
    expect(rows(view).map((r) => r.dataset['embedded'])).to.deep.equal(['passkeys', 'devices', 'update-email', 'export-key']);
  });

  it("offers no 'Passkeys' row in a browser without WebAuthn", async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'PublicKeyCredential')!;
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true, writable: true });
    try {
      $embeddedUser.set({ email: 'ada@example.com' } as ReturnType<typeof $embeddedUser.get>);
      const view = await openAccount();
      expect(rows(view).map((r) => r.dataset['embedded'])).to.deep.equal(['devices', 'update-email', 'export-key']);
    } finally {
      Object.defineProperty(window, 'PublicKeyCredential', original);
    }
  });
});
