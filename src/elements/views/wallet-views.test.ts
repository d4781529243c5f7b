/**
 * The eip155 views in Chromium with the real test EIP-1193 wallet (test/fixtures), announced
 * through EIP-6963. No chain is needed for connecting; balance reads fail quietly here.
 */
import { expect } from 'chai';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { $modal } from '../../stores/ui/modal.js';
import { $unknownNetwork } from '../../stores/network/networks.js';
import { $router } from '../../stores/ui/router.js';
import { axeViolations, connectedAndClosed, deep, deepText, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import type { W3Modal } from '../modal/modal.element.js';

let wallets: TestWallet[] = [];

function wallet(name: string, rdns: string): TestWallet {
  const w = createTestWallet({ rpcUrls: { 31337: 'http://127.0.0.1:9/' }, chainId: 31337, name, rdns, storageKey: false } as never);
  wallets.push(w);
  return w;
}

async function clickWallet(el: W3Modal, name: string): Promise<void> {
  const view = await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'connect view');
  const item = await waitFor(
    () => Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === name),
    3000,
    `wallet ${name}`,
  );
  deep<HTMLElement>(item, 'button')!.click();
}

describe('eip155 views', () => {
  beforeEach(() => {
    resetAll();
    wallets = [];
  });
  afterEach(() => {
    for (const w of wallets) w.remove();
    resetAll();
  });

  it('ConnectingExternal: rejection shows "Connection rejected" and Try again connects', async () => {
    const w = wallet('Alpha Wallet', 'dev.w3kit.alpha');
    w.setMode('reject');
    const el = await mountModal();
    await el.modal.open();
    await clickWallet(el, 'Alpha Wallet');
    const view = await waitFor(() => deep(el, 'w3-connecting-external-view'), 3000, 'connecting view');
    await waitFor(() => deep(view, '[role="alert"]'), 5000, 'error');
    expect(deep(view, '[role="alert"]')!.textContent).to.equal('Connection rejected');
    expect(await axeViolations()).to.deep.equal([]);
    w.setMode('approve');
    deep<HTMLElement>(view, 'w3-ui-button', 'button')!.click();
    await connectedAndClosed(el);
    expect(el.modal.getAccount().address).to.equal(w.addresses[0]);
  });

  it('ConnectingExternal: shows the wallet and a spinner while waiting', async () => {
    const w = wallet('Beta Wallet', 'dev.w3kit.beta');
    w.setMode('hang');
    const el = await mountModal();
    await el.modal.open();
    await clickWallet(el, 'Beta Wallet');
    const view = await waitFor(() => deep(el, 'w3-connecting-external-view'), 3000, 'connecting view');
    await waitFor(() => deep(view, 'w3-ui-spinner'), 3000, 'spinner');
    expect(deepText(view)).to.contain('Continue in Beta Wallet');
    expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal('Beta Wallet');
    expect(await axeViolations()).to.deep.equal([]);
    el.modal.close();
    await waitFor(() => el.modal.getAccount().status === 'disconnected', 2000, 'disconnected after close');
  });

  it('ProfileWallets lists the known wallets, marks the active one and switches', async () => {
    const a = wallet('Alpha Wallet', 'dev.w3kit.alpha');
    const b = wallet('Beta Wallet', 'dev.w3kit.beta');
    b.switchAccount(1);
    const el = await mountModal();
    await el.modal.open();
    await clickWallet(el, 'Alpha Wallet');
    await connectedAndClosed(el);
    await el.modal.open({ view: 'Connect' });
    await clickWallet(el, 'Beta Wallet');
    await waitFor(() => el.modal.getAccount().address === b.addresses[1], 3000, 'second wallet active');
    await el.modal.open({ view: 'ProfileWallets' });
    const view = deep(el, 'w3-profile-wallets-view')!;
    await waitFor(() => view.shadowRoot?.querySelectorAll('.row w3-ui-list-item').length === 2, 2000, 'two wallets');
    const text = deepText(view);
    // the active wallet is marked once (the check mark and aria-current), with no 'Active' tag beside it
    expect(text).not.to.contain('Active');
    const active = view.shadowRoot!.querySelector<HTMLElement & { selected: boolean }>('w3-ui-list-item[selected]')!;
    expect(active.textContent).to.contain('Beta Wallet');
    expect(text).to.match(/Alpha Wallet.*Connected/);
    expect(await axeViolations()).to.deep.equal([]);
    const alpha = Array.from(view.shadowRoot!.querySelectorAll('.row w3-ui-list-item')).find((i) => i.textContent!.includes('Alpha'))!;
    deep<HTMLElement>(alpha, 'button')!.click();
    await waitFor(() => el.modal.getAccount().address === a.addresses[0], 3000, 'switched back');
  });

  it('lists a wallet the page passes in (EXTERNAL) and connects it', async () => {
    const w = createTestWallet({ rpcUrls: { 31337: 'http://127.0.0.1:9/' }, chainId: 31337, announce: false, storageKey: false } as never);
    wallets.push(w);
    const el = await mountModal({ connectors: [{ id: 'page-wallet', name: 'Page Wallet', provider: w.provider }] });
    await el.modal.open();
    await clickWallet(el, 'Page Wallet');
    await connectedAndClosed(el);
    expect(el.modal.getAccount().address).to.equal(w.addresses[0]);
    expect(el.modal.getWalletProvider('eip155')).to.equal(w.provider);
  });

  it('UnsupportedChain offers the configured networks and is accessible', async () => {
    const el = await mountModal();
    $unknownNetwork.set({ namespace: 'eip155', chainId: '999' });
    await el.modal.open({ view: 'UnsupportedChain' });
    const view = deep(el, 'w3-unsupported-chain-view')!;
    expect(deepText(view)).to.contain('Unknown Network, chain ID 999');
    expect(view.shadowRoot!.querySelectorAll('w3-ui-list-item').length).to.equal(3);
    expect(await axeViolations()).to.deep.equal([]);
    const localhost = view.shadowRoot!.querySelector('w3-ui-list-item[data-network="eip155:31337"]')!;
    deep<HTMLElement>(localhost, 'button')!.click();
    await waitFor(() => !$modal.get().open || $router.get().view !== 'UnsupportedChain', 2000, 'left the view');
  });
});
