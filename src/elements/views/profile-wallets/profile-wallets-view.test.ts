/**
 * ProfileWallets with the real test EIP-1193 wallet (issue 12, item 18): a long name takes the
 * row's room (ellipsis, full name kept), and a wallet exposing two accounts lets the person
 * choose the active one, which a reload keeps.
 */
import { expect } from 'chai';
import { createTestWallet, type TestWallet } from '../../../../test/fixtures/eip1193-wallet.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { storage } from '../../../stores/app/storage.js';
import { axeViolations, connectedAndClosed, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { pseudoCheck } from '../../../../test/browser/pseudo-check-b.js';
import type { W3Modal } from '../../modal/modal.element.js';
import { SOCIAL_NAMES } from '../../../core/social-names.js';
import { $activeConnectorIds, $connections, $connectors } from '../../../stores/connection/connectors.js';
import { AUTH_CONNECTOR_ID } from '../../../stores/connection/connector-ids.js';
import { $embeddedUser } from '../../../stores/embedded/state.js';
import { ADDRESS, connectAccount } from '../../../../test/browser/helpers.js';
import { EmbeddedWalletError } from '../../../core/errors/frame.js';
import type { FramePayload } from '../../../frame/messages.js';
import { $smartAccountAddresses, $smartAccountNetworks } from '../../../stores/connection/account-types.js';
import { $toast } from '../../../stores/ui/toast.js';
import { patchAccount } from '../../../stores/connection/account.js';
import { installFrameDouble } from '../../../test-utils/frame-double.js';
import { destroyFrame } from '../../../stores/embedded/frame.js';

const LONG = 'A Wallet With A Remarkably Long Name For Testing';
let wallets: TestWallet[] = [];

async function connect(el: W3Modal, name: string): Promise<void> {
  await el.modal.open({ view: 'Connect' });
  const view = await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'connect view');
  const item = await waitFor(
    () => Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === name),
    3000,
    `wallet ${name}`,
  );
  deep<HTMLElement>(item, 'button')!.click();
  await connectedAndClosed(el);
}

describe('<w3-profile-wallets-view>', () => {
  beforeEach(() => {
    resetAll();
    wallets = [];
  });
  afterEach(() => {
    for (const w of wallets) w.remove();
    resetAll();
  });

  it('lists the two accounts of a wallet and switches the active address; a restore keeps the choice', async () => {
    const w = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: LONG,
      rdns: 'dev.w3kit.long',
      accounts: 2,
      storageKey: false,
    } as never);
    wallets.push(w);
    const el = await mountModal();
    await connect(el, LONG);
    expect(el.modal.getAccount().address).to.equal(w.addresses[0]);
    expect(el.modal.getAccount().allAccounts).to.have.length(2);
    const seen: (string | undefined)[] = [];
    const stop = el.modal.subscribeAccount((a) => seen.push(a.address));

    await el.modal.open({ view: 'ProfileWallets' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-profile-wallets-view'), 3000, 'view');
    const rows = await waitFor(
      () => {
        const found = deepAll<HTMLElement>(view, 'ul[aria-label="Accounts of ' + LONG + '"] w3-ui-list-item');
        return found.length === 2 ? found : undefined;
      },
      3000,
      'two account rows',
    );
    expect(rows.map((r) => r.dataset['address'])).to.deep.equal([w.addresses[0], w.addresses[1]]);
    expect(rows[0]!.hasAttribute('selected')).to.equal(true);

    // the name is whole in the DOM and its title, cut only visually; no 'Active' badge beside the check
    const name = view.shadowRoot!.querySelector<HTMLElement>('.name')!;
    expect(name.textContent).to.equal(LONG);
    expect(name.title).to.equal(LONG);
    expect(getComputedStyle(name).textOverflow).to.equal('ellipsis');
    expect(view.shadowRoot!.textContent).not.to.contain('Active');
    expect(await axeViolations()).to.deep.equal([]);

    deep<HTMLElement>(rows[1]!, 'button')!.click();
    await waitFor(() => el.modal.getAccount().address === w.addresses[1], 3000, 'second account active');
    expect(el.modal.getAccount().caipAddress).to.equal(`eip155:31337:${w.addresses[1]}`);
    expect(seen.at(-1)).to.equal(w.addresses[1]);
    // the chosen account is marked, and listed first (the order a reload restores)
    await waitFor(
      () => deep<HTMLElement>(view, `w3-ui-list-item[data-address="${w.addresses[1]}"]`)?.hasAttribute('selected'),
      2000,
      'second marked',
    );
    // signing now uses the chosen account
    const signature = await el.modal.signMessage('hello');
    expect(signature).to.match(/^0x[0-9a-f]{130}$/);
    expect(storage.get('connections')?.eip155?.[0]?.accounts[0]?.address).to.equal(w.addresses[1]);
    stop();

    // a reload (restore without a prompt) starts on the chosen account
    const { restoreConnection } = await import('../../../stores/connection/session.js');
    expect(await restoreConnection('eip155')).to.equal(true);
    expect(el.modal.getAccount().address).to.equal(w.addresses[1]);
  });

  it('in the pseudo-locale every text, tag and label went through msg(); names and addresses stay as they are', async () => {
    const w = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'Pseudo Wallet',
      rdns: 'dev.w3kit.pseudo',
      accounts: 2,
      storageKey: false,
    } as never);
    const other = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'Other Wallet',
      rdns: 'dev.w3kit.other',
      storageKey: false,
    } as never);
    wallets.push(w, other);
    const el = await mountModal();
    // Other Wallet stays connected but not active: its row carries the 'Connected' tag.
    await connect(el, 'Other Wallet');
    await connect(el, 'Pseudo Wallet');
    await el.modal.open({ view: 'ProfileWallets' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-profile-wallets-view'), 3000, 'view');
    await waitFor(() => deepAll(view, 'ul.accounts w3-ui-list-item').length === 2, 3000, 'two account rows');
    await setLocale('en-XA');
    try {
      await waitFor(() => deep(view, 'ul.accounts')!.getAttribute('aria-label')!.startsWith('⟦'), 3000, 'pseudo texts');
      const { leaks, localized } = pseudoCheck(view.shadowRoot!, ['Pseudo Wallet', 'Other Wallet']);
      expect(leaks).to.deep.equal([]);
      expect(localized).to.be.greaterThan(3);
      expect(deep(view, 'ul.accounts')!.getAttribute('aria-label')).to.equal('⟦Áççóúñtš óf Pseudo Wallet⟧');
      expect(deep<HTMLElement & { label: string }>(view, 'w3-ui-icon-button')!.label).to.equal('⟦Díšçóññéçt Pseudo Wallet⟧');
      const tags = deepAll<HTMLElement & { tag?: string }>(view, 'w3-ui-list-item[data-connector-id]').map((i) => i.tag);
      expect(tags).to.include('⟦Çóññéçtéd⟧');
    } finally {
      await setLocale('en');
    }
  });

  /** The embedded wallet connected (its connector is 'Email'), logged in through `socialProvider` or by e-mail. */
  async function openEmbedded(socialProvider?: 'google' | 'github', options: Parameters<typeof mountModal>[0] = {}): Promise<HTMLElement> {
    const el = await mountModal(options);
    connectAccount();
    $connectors.set([{ id: AUTH_CONNECTOR_ID, type: 'AUTH', name: 'Email', chain: 'eip155' }]);
    $connections.setKey('eip155', [{ connectorId: AUTH_CONNECTOR_ID, accounts: [{ address: ADDRESS, type: 'eoa' }] }]);
    $activeConnectorIds.setKey('eip155', AUTH_CONNECTOR_ID);
    $embeddedUser.set({
      email: 'ada@example.com',
      address: ADDRESS,
      chainId: 'eip155:31337',
      accounts: [],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      ...(socialProvider ? { socialProvider } : {}),
    });
    await el.modal.open({ view: 'ProfileWallets' });
    return waitFor(() => deep<HTMLElement>(el, 'w3-profile-wallets-view'), 3000, 'view');
  }
  const embeddedRow = (view: HTMLElement) => deep<HTMLElement>(view, `w3-ui-list-item[data-connector-id="${AUTH_CONNECTOR_ID}"]`)!;

  it("after a social login names the embedded wallet's row by the provider with its mark, as the Account row does (issue 32)", async () => {
    const view = await openEmbedded('google');
    const row = await waitFor(() => embeddedRow(view), 3000, 'the embedded row');
    expect(row.querySelector('.name')!.textContent).to.equal(SOCIAL_NAMES.google);
    // The provider's own mark (w3-ui-social-mark draws it from the lazy marks chunk).
    const mark = await waitFor(() => row.querySelector('[data-wallet-social="google"] w3-ui-social-mark'), 2000, "Google's mark");
    expect(mark.getAttribute('provider')).to.equal('google');
    expect(row.querySelector('w3-ui-wallet-image')).to.equal(null);
    expect(deep<HTMLElement & { label: string }>(view, 'w3-ui-icon-button')!.label).to.equal('Disconnect Google');
    $embeddedUser.set({ ...$embeddedUser.get()!, socialProvider: 'github' });
    await waitFor(() => row.querySelector('[data-wallet-social="github"]'), 2000, "GitHub's mark");
    expect(row.querySelector('.name')!.textContent).to.equal('GitHub');
    expect(await axeViolations()).to.deep.equal([]);
  });

  const SAFE = '0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe';
  /** The frame double stands in for the secure site (the frame side runs for real in smart-account.backend.test.ts). */
  const WITH_FRAME = { secureSiteUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' };
  /** The frame's answers: the switch to the smart account succeeds, or is refused as on a network that is not enabled. */
  function frameFor(smartRefused: boolean) {
    let type: 'eoa' | 'smartAccount' = 'eoa';
    const user = () => ({
      ...$embeddedUser.get()!,
      address: type === 'smartAccount' ? SAFE : ADDRESS,
      accounts: [{ namespace: 'eip155' as const, address: type === 'smartAccount' ? SAFE : ADDRESS, type }],
      preferredAccountType: type,
    });
    destroyFrame();
    const double = installFrameDouble({
      SyncDappData: () => ({}),
      SyncTheme: () => ({}),
      SetPreferredAccount: (payload: FramePayload<'SetPreferredAccount'>) => {
        if (payload.type === 'smartAccount' && smartRefused)
          throw new EmbeddedWalletError('This application might not support Smart Accounts', { messageCode: 'NoSmartAccounts' });
        type = payload.type;
        return { type, address: type === 'smartAccount' ? SAFE : ADDRESS };
      },
      GetUser: user,
    });
    // The modal hosts the frame's element: a real (empty) iframe.
    (double as { iframe: HTMLIFrameElement }).iframe = document.createElement('iframe');
    return double;
  }
  const switchButton = (view: HTMLElement) => deep<HTMLElement>(view, 'w3-ui-button.account-type');

  it('offers the switch to the smart account on an enabled network only, stores the choice, and switches back', async () => {
    const frame = frameFor(false);
    const view = await openEmbedded(undefined, WITH_FRAME);
    await waitFor(() => embeddedRow(view), 3000, 'the embedded row');
    expect(switchButton(view)).to.equal(null);
    $smartAccountNetworks.set([31337]);
    const button = await waitFor(() => switchButton(view), 3000, 'the switch');
    expect(button.textContent!.trim()).to.equal('Switch to your smart account');
    deep<HTMLElement>(button, 'button')!.click();
    await waitFor(() => storage.get('preferredAccountTypes')?.eip155 === 'smartAccount' || undefined, 3000, 'the stored choice');
    expect(frame.calls.filter((c) => c.type === 'SetPreferredAccount').map((c) => c.payload)).to.deep.equal([{ type: 'smartAccount' }]);
    expect($smartAccountAddresses.get()).to.include(SAFE);
    expect($embeddedUser.get()!.preferredAccountType).to.equal('smartAccount');
    // The embedded provider moves the account to the Safe (accountsChanged; no provider in this test).
    patchAccount('eip155', { address: SAFE, allAccounts: [{ namespace: 'eip155', address: SAFE, type: 'smartAccount' }] });
    await waitFor(() => (switchButton(view)?.textContent!.trim() === 'Switch to your EOA' ? true : undefined), 3000, 'the way back');
    deep<HTMLElement>(switchButton(view)!, 'button')!.click();
    await waitFor(() => storage.get('preferredAccountTypes')?.eip155 === 'eoa' || undefined, 3000, 'back to eoa');
    expect($smartAccountAddresses.get()).to.not.include(SAFE);
    $smartAccountNetworks.set([]);
  });

  it("falls back to the key's account with 'This application might not support Smart Accounts' when the switch is refused", async () => {
    const frame = frameFor(true);
    const view = await openEmbedded(undefined, WITH_FRAME);
    $smartAccountNetworks.set([31337]);
    const button = await waitFor(() => switchButton(view), 3000, 'the switch');
    deep<HTMLElement>(button, 'button')!.click();
    await waitFor(() => ($toast.get().open ? true : undefined), 3000, 'the toast');
    const toast = await waitFor(() => deep<HTMLElement>(document.querySelector('w3-modal')!, 'w3-ui-toast'), 3000, 'the toast element');
    await waitFor(
      () => (toast.shadowRoot!.textContent!.includes('This application might not support Smart Accounts') ? true : undefined),
      3000,
      'its text',
    );
    expect(storage.get('preferredAccountTypes')?.eip155).to.equal('eoa');
    expect(frame.calls.filter((c) => c.type === 'SetPreferredAccount').map((c) => c.payload)).to.deep.equal([
      { type: 'smartAccount' },
      { type: 'eoa' },
    ]);
    expect($smartAccountAddresses.get()).to.not.include(SAFE);
    $smartAccountNetworks.set([]);
  });

  it("after an e-mail login the embedded wallet's row stays 'Email' with the wallet image", async () => {
    const view = await openEmbedded();
    const row = await waitFor(() => embeddedRow(view), 3000, 'the embedded row');
    expect(row.querySelector('.name')!.textContent).to.equal('Email');
    expect(row.querySelector('w3-ui-wallet-image')).to.not.equal(null);
    expect(row.querySelector('[data-wallet-social]')).to.equal(null);
  });
});
