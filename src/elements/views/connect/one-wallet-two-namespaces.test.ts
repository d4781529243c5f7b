/**
 * One wallet announced on two namespaces (issue 28): the test EIP-1193 wallet (EIP-6963) and a
 * Wallet Standard Solana wallet under one name, as the w3kit Dev Wallet is (the full Solana test
 * wallet needs @solana/web3.js, which the runner cannot load unbundled; connecting needs none of
 * it, so a small standard wallet stands in: the modal reads it through its real discovery). Connect shows
 * it as one row and All Wallets as one tile: before a connection ('Installed'), after a
 * disconnect ('Recent', not twice, nor 'Recent' and 'Installed'), and with only EVM connected
 * while Solana is the active namespace; one click connects both namespaces.
 */
import { expect } from 'chai';
import { createTestWallet, type TestWallet } from '../../../../test/fixtures/eip1193-wallet.js';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { $connectors } from '../../../stores/connection/connectors.js';
import { storage } from '../../../stores/app/storage.js';
import { networks } from '../../../wire/networks.js';
import { apiOptions, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

const NAME = 'w3kit Dev Wallet';
let evm: TestWallet | undefined;
let unregisterSol: (() => void) | undefined;

/** A Wallet Standard Solana wallet named `name` that approves connections (registered as @wallet-standard/wallet does). */
function registerSolanaWallet(name: string): () => void {
  const account: WalletAccount = {
    address: 'AuFc4jCgkVVxRxwsk1ayGpwacxn3gEHAQRsG7ufP5FyV',
    publicKey: new Uint8Array(32).fill(7),
    chains: ['solana:localnet'],
    features: ['solana:signMessage'],
  };
  let accounts: WalletAccount[] = [];
  const listeners = new Set<(p: { accounts: readonly WalletAccount[] }) => void>();
  const emit = () => listeners.forEach((l) => l({ accounts }));
  const wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    chains: ['solana:localnet'],
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ((accounts = [account]), emit(), { accounts }) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void ((accounts = []), emit()) },
      'standard:events': {
        version: '1.0.0',
        on: (_: string, listener: (p: { accounts: readonly WalletAccount[] }) => void) => (
          listeners.add(listener),
          () => listeners.delete(listener)
        ),
      },
      'solana:signMessage': { version: '1.0.0', signMessage: async () => Promise.reject(new Error('not signed in this test')) },
    },
  } as unknown as Wallet;
  const offs: (() => void)[] = [];
  const callback = ({ register }: { register: (...wallets: Wallet[]) => () => void }) => void offs.push(register(wallet));
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  const onReady = (event: Event) => callback((event as CustomEvent).detail);
  window.addEventListener('wallet-standard:app-ready', onReady);
  return () => {
    window.removeEventListener('wallet-standard:app-ready', onReady);
    offs.splice(0).forEach((off) => off());
  };
}

/** The Connect view's rows of the wallet, as their tags. */
async function connectRows(el: W3Modal): Promise<string[]> {
  await el.modal.open({ view: 'Connect' });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connect-view'), 3000, 'Connect');
  await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  const rows = await waitFor(
    () => {
      const found = deepAll<HTMLElement & { tag?: string }>(view, 'w3-ui-list-item').filter((r) => r.textContent!.trim() === NAME);
      return found.length > 0 && found;
    },
    3000,
    'the wallet row',
  );
  return rows.map((r) => r.tag ?? '');
}

/** All Wallets' tiles of the wallet. */
async function allWalletsTiles(el: W3Modal): Promise<number> {
  await el.modal.open({ view: 'AllWallets' });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-all-wallets-view'), 3000, 'All Wallets');
  await waitFor(() => Number(view.dataset['loaded']) > 0, 8000, 'the first page');
  return deepAll<HTMLElement>(view, 'button.tile').filter((t) => t.querySelector('.name')?.textContent === NAME).length;
}

async function clickRow(el: W3Modal): Promise<void> {
  await el.modal.open({ view: 'Connect' });
  const row = await waitFor(
    () => deepAll<HTMLElement>(deep(el, 'w3-connect-view')!, 'w3-ui-list-item').find((r) => r.textContent!.trim() === NAME),
    3000,
    'the wallet row',
  );
  deep<HTMLButtonElement>(row, 'button')!.click();
}

const connected = (el: W3Modal) => [el.modal.getAccount('eip155').isConnected, el.modal.getAccount('solana').isConnected];

describe('one wallet on EVM and Solana (issue 28)', () => {
  beforeEach(() => {
    resetAll();
    evm = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: NAME,
      rdns: 'dev.w3kit.test',
      storageKey: false,
    } as never);
    unregisterSol = registerSolanaWallet(NAME);
  });
  afterEach(async () => {
    evm?.remove();
    unregisterSol?.();
    resetAll();
  });

  it('is one row and one tile before a connection, after a disconnect, and on Solana with only EVM connected', async function () {
    this.timeout(30_000);
    const el = await mountModal({ ...apiOptions(), networks: [networks.localhost, networks.solanaLocal] });
    await waitFor(() => $connectors.get().filter((c) => c.name === NAME).length === 2, 5000, 'both namespaces announced');
    expect(await connectRows(el)).to.deep.equal(['Installed']);
    expect(await allWalletsTiles(el)).to.equal(1);

    // The row connects the wallet's namespaces (here EVM: the Solana adapter needs @solana/web3.js, which this runner cannot load).
    await clickRow(el);
    await waitFor(() => connected(el)[0], 8000, 'EVM connected');
    await el.modal.disconnect();
    await waitFor(() => !connected(el).some(Boolean), 3000, 'disconnected');
    expect(await connectRows(el)).to.deep.equal(['Recent']);
    expect(await allWalletsTiles(el)).to.equal(1);
    expect(storage.get('recentWallets')?.filter((w) => w.name === NAME)).to.have.length(1);

    // Only EVM connected, then Solana Local chosen: still one row.
    await clickRow(el);
    await waitFor(() => connected(el)[0], 8000, 'EVM connected again');
    await el.modal.switchNetwork(networks.solanaLocal.caipNetworkId).catch(() => undefined);
    await waitFor(() => el.modal.getState().activeChain === 'solana', 3000, 'Solana active');
    expect(connected(el)).to.deep.equal([true, false]);
    expect(await connectRows(el)).to.deep.equal(['Recent']);
    expect(await allWalletsTiles(el)).to.equal(1);
  });

  it('entries stored twice by an earlier version (one per namespace) show one Recent row', async () => {
    storage.set('recentWallets', [
      { id: 'wallet-standard:w3kit dev wallet', name: NAME },
      { id: 'dev.w3kit.test', name: NAME, rdns: 'dev.w3kit.test' },
    ]);
    const el = await mountModal({ ...apiOptions(), networks: [networks.localhost, networks.solanaLocal] });
    await waitFor(() => $connectors.get().filter((c) => c.name === NAME).length === 2, 5000, 'both namespaces announced');
    expect(await connectRows(el)).to.deep.equal(['Recent']);
  });
});
