/**
 * The connect-side views in the pseudo-locale en-XA: every text the view shows or announces went
 * through msg() (`⟦…⟧`), except data (wallet names, store names, numbers).
 */
import { expect } from 'chai';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { expectPseudoLocalized, unlocalizedTexts, usePseudoLocale } from '../../../test/browser/pseudo-check.js';
import { PendingRequests } from '../../adapters/walletconnect/pending.js';
import { $connectedWallet, $connectors } from '../../stores/connection/connectors.js';
import { setLocale } from '../../stores/ui/locale.js';
import { addRecentWallet } from '../../stores/connection/recent.js';
import { pushView } from '../../stores/ui/router.js';
import { $walletList } from '../../stores/registry/wallet-list.js';
import { $allWallets } from '../../stores/registry/all-wallets.js';
import { $wcPairing } from '../../stores/walletconnect/state.js';
import { setWalletconnectPending } from '../../stores/walletconnect/pending.js';
import { cancelWalletConnectPairing } from '../../stores/walletconnect/pairing.js';
import { apiOptions, deep, deepText, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import type { W3Modal } from '../modal/modal.element.js';

/** Store names are brands; wallet names are data. */
const STORES = ['Chrome Web Store', 'App Store', 'Google Play'];
const walletNames = (): string[] => [
  ...$connectors.get().map((c) => c.name),
  ...$walletList.get().featured.map((w) => w.name),
  ...$walletList.get().recommended.map((w) => w.name),
  ...$allWallets.get().wallets.map((w) => w.name),
];

async function openView(el: W3Modal, tag: string, view: string, data?: Record<string, unknown>): Promise<HTMLElement> {
  await el.modal.open({ view: 'Connect' });
  if (view !== 'Connect') pushView(view as never, data);
  return waitFor(() => deep<HTMLElement>(el, tag), 3000, tag);
}

let wallets: TestWallet[] = [];

describe('connect views in the pseudo-locale', () => {
  beforeEach(() => {
    resetAll();
    wallets = [];
  });
  afterEach(async () => {
    setWalletconnectPending(undefined);
    $connectedWallet.set(undefined);
    for (const w of wallets) w.remove();
    await setLocale('en');
    resetAll();
  });

  it('the check itself reports English texts, with where they are', async () => {
    const el = await mountModal({ features: { email: true } });
    const view = await openView(el, 'w3-connect-view', 'Connect');
    expect(unlocalizedTexts(view).join('\n')).to.contain('w3-ui-button: "Continue"');
  });

  it('Connect: e-mail, social, wallets with their tags, the All Wallets row', async () => {
    $connectors.set([{ id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' }]);
    addRecentWallet({ id: 'io.metamask', name: 'MetaMask' });
    const el = await mountModal({ ...apiOptions(), features: { email: true, socials: ['google', 'github'] } });
    const view = await openView(el, 'w3-connect-view', 'Connect');
    await waitFor(() => deepText(view).includes('All Wallets'), 8000, 'the All Wallets row');
    await usePseudoLocale(view);
    await waitFor(() => deepText(view).includes('⟦Áll Wállétš⟧'), 3000, 'the pseudo-locale');
    // The social buttons are named by the brands themselves (data, as wallet names are).
    expectPseudoLocalized(view, [...walletNames(), 'Google', 'GitHub']);
    const socials = [...view.shadowRoot!.querySelectorAll('button.social')].map((b) => b.getAttribute('aria-label'));
    expect(socials).to.deep.equal(['Google', 'GitHub']);
  });

  it('Connect without a registry or wallets: the hint, No wallet found and What is a wallet?', async () => {
    const el = await mountModal({ features: { email: false } });
    const view = await openView(el, 'w3-connect-view', 'Connect');
    await usePseudoLocale(view);
    expect(deepText(view)).to.contain('⟦Ñó wállét fóúñd⟧');
    expectPseudoLocalized(view);
  });

  it('All Wallets: search box, grid, tiles and the count', async () => {
    $connectors.set([{ id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' }]);
    const el = await mountModal(apiOptions());
    const view = await openView(el, 'w3-all-wallets-view', 'AllWallets');
    await waitFor(() => Number(view.dataset['loaded']) > 0, 8000, 'the first page');
    await usePseudoLocale(view);
    expectPseudoLocalized(view, walletNames());
  });

  it('All Wallets without a registry', async () => {
    const el = await mountModal();
    const view = await openView(el, 'w3-all-wallets-view', 'AllWallets');
    await usePseudoLocale(view);
    expectPseudoLocalized(view);
  });

  it('GetWallet and WhatIsAWallet', async () => {
    const el = await mountModal({ ...apiOptions(), features: { email: true, socials: ['google'] } });
    const help = await openView(el, 'w3-what-is-a-wallet-view', 'WhatIsAWallet');
    await usePseudoLocale(help);
    expectPseudoLocalized(help);
    await setLocale('en');
    const get = await openView(el, 'w3-get-wallet-view', 'GetWallet');
    await waitFor(() => $walletList.get().status === 'ready', 8000, 'registry wallets');
    await usePseudoLocale(get);
    expectPseudoLocalized(get, [...walletNames(), ...STORES]);
  });

  it('ConnectingWalletConnect: a registry wallet, its links and the QR code', async () => {
    const api = new URL((window as unknown as { __W3_API_URL__: string }).__W3_API_URL__);
    const el = await mountModal({ ...apiOptions(), relayUrl: `ws://127.0.0.1:${Number(api.port) + 1}`, featuredWalletIds: ['metamask'] });
    await el.modal.open({ view: 'Connect' });
    const metamask = await waitFor(() => $walletList.get().featured.find((w) => w.id === 'metamask'), 8000, 'MetaMask');
    const view = await openView(el, 'w3-connecting-wallet-connect-view', 'ConnectingWalletConnect', { wallet: metamask });
    cancelWalletConnectPairing();
    $wcPairing.set({
      status: 'ready',
      uri: `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`,
      expiresAt: Date.now() + 60_000,
    });
    await waitFor(() => deep(view, 'w3-qr-code'), 3000, 'the QR code');
    await usePseudoLocale(view);
    expect(deepText(view)).to.contain('MetaMask');
    expectPseudoLocalized(view, [...walletNames(), ...STORES]);
  });

  it('ConnectingWalletConnect without WalletConnect configured', async () => {
    const el = await mountModal();
    const view = await openView(el, 'w3-connecting-wallet-connect-view', 'ConnectingWalletConnect');
    await usePseudoLocale(view);
    expectPseudoLocalized(view);
  });

  it('ApproveInWallet with a request waiting', async () => {
    const el = await mountModal();
    $connectedWallet.set({ name: 'w3kit Test Wallet', type: 'WALLET_CONNECT' });
    const pending = new PendingRequests(setWalletconnectPending);
    void pending.track('eth_sendTransaction', new Promise<string>(() => undefined)).catch(() => undefined);
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-approve-in-wallet-view'), 3000, 'ApproveInWallet');
    await waitFor(() => deepText(view).includes('Continue in w3kit Test Wallet'), 2000, 'the wallet name');
    await usePseudoLocale(view);
    expect(deepText(view)).to.contain('w3kit Test Wallet.⟧');
    expectPseudoLocalized(view);
  });
  it('ConnectingExternal while the wallet is asked', async () => {
    const w = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'Beta Wallet',
      rdns: 'dev.w3kit.beta',
      storageKey: false,
    } as never);
    wallets.push(w);
    w.setMode('hang');
    const el = await mountModal();
    await el.modal.open();
    const connect = await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'connect view');
    const item = await waitFor(
      () => Array.from(connect.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === 'Beta Wallet'),
      3000,
      'Beta Wallet',
    );
    deep<HTMLElement>(item, 'button')!.click();
    // The view's chunk loads on the click: generous on a busy machine.
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connecting-external-view'), 10_000, 'connecting view');
    await waitFor(() => deep(view, 'w3-ui-spinner'), 3000, 'spinner');
    await usePseudoLocale(view);
    expect(deepText(view)).to.contain('Beta Wallet');
    expectPseudoLocalized(view);
    el.modal.close();
  });
});
