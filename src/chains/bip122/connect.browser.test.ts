/**
 * Bitcoin in the modal (issue 33 section 1), in Chromium: one wallet under one name on EVM
 * (EIP-6963), Solana (a small Wallet Standard stand-in, and Solana's adapter without its
 * @solana/web3.js preload: the runner cannot load that package unbundled) and Bitcoin (the real Wallet Standard
 * Bitcoin test wallet, on the dev key the local chain funds with 10 BTC) is one row in Connect;
 * one click connects the three namespaces, Bitcoin's payment address active and its ordinals
 * address listed, both 'payment' accounts; the BTC balance is read from the real local regtest
 * chain (`w3kit-server btc`, started by web-test-runner.config.mjs) through its Esplora API; the
 * instance's signMessage gives the wallet's BIP-322 signature as base64.
 */
import { expect } from 'chai';
import { sha256 } from '@scure/btc-signer/utils.js';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../../test/fixtures/bitcoin-wallet.js';
import { deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import { $connectors } from '../../stores/connection/connectors.js';
import { getAccountState } from '../../stores/connection/account.js';
import { registerAdapter } from '../registry.js';
import { solanaEntry } from '../solana/entry.js';
import type { ChainAdapter } from '../types.js';
import { offlineLocal } from '../../test-utils/networks.js';
import { networks, type Network } from '../../wire/networks.js';

const NAME = 'w3kit Dev Wallet';
const regtest = (): Network => ({
  ...networks.bitcoinRegtest,
  rpcUrls: { default: { http: [(window as unknown as { __W3_BTC_URL__: string }).__W3_BTC_URL__] } },
});

/** A Wallet Standard Solana wallet named `name` that approves connections (registered as @wallet-standard/wallet does). */
function registerSolanaWallet(name: string): () => void {
  const account: WalletAccount = {
    address: 'AuFc4jCgkVVxRxwsk1ayGpwacxn3gEHAQRsG7ufP5FyV',
    publicKey: new Uint8Array(32).fill(7),
    chains: ['solana:localnet'],
    features: ['solana:signMessage'],
  };
  let accounts: WalletAccount[] = [];
  const wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    chains: ['solana:localnet'],
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ((accounts = [account]), { accounts }) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void (accounts = []) },
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

let evm: TestWallet | undefined;
let restoreSolana: (() => void) | undefined;
let bitcoin: BitcoinTestWallet | undefined;
let unregisterSol: (() => void) | undefined;

describe('Bitcoin beside EVM and Solana in one wallet row (issue 33)', () => {
  beforeEach(() => {
    resetAll();
    // Solana's real adapter, without the @solana/web3.js preload (connecting needs none of it; the runner cannot load it unbundled).
    restoreSolana = registerAdapter({
      ...solanaEntry,
      load: async () => (await import('../solana/adapter.js')).solanaAdapter as ChainAdapter,
    });
    evm = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: NAME,
      rdns: 'dev.w3kit.test',
      storageKey: false,
    } as never);
    unregisterSol = registerSolanaWallet(NAME);
    bitcoin = createBitcoinTestWallet({
      name: NAME,
      privateKey: sha256(new TextEncoder().encode('w3kit dev bitcoin account')),
      storageKey: false,
    });
    bitcoin.register();
  });
  afterEach(() => {
    evm?.remove();
    unregisterSol?.();
    bitcoin?.unregister();
    restoreSolana?.();
    resetAll();
  });

  it('connects the three namespaces from one row, shows the BTC balance of the local chain and signs BIP-322', async () => {
    const btc = regtest();
    const el = await mountModal({ networks: [offlineLocal.localhost, networks.solanaLocal, btc] });
    await el.modal.open({ view: 'Connect' });
    const rows = await waitFor(
      () => {
        const found = deepAll<HTMLElement>(deep(el, 'w3-connect-view')!, 'w3-ui-list-item').filter((r) => r.textContent!.trim() === NAME);
        // Discovery of each namespace is in once the three namespaces' connectors are there.
        const chains = new Set(
          $connectors
            .get()
            .filter((c) => c.name === NAME)
            .map((c) => c.chain),
        );
        return found.length > 0 && chains.size === 3 && found;
      },
      5000,
      'one row for the three namespaces',
    );
    expect(rows).to.have.length(1);
    deep<HTMLButtonElement>(rows[0]!, 'button')!.click();
    await waitFor(
      () => ['eip155', 'solana', 'bip122'].every((ns) => el.modal.getAccount(ns).isConnected),
      8000,
      'the three namespaces connected',
    );
    expect(bitcoin!.requests).to.deep.equal(['bitcoin:connect']);
    const account = el.modal.getAccount('bip122');
    expect(account.address).to.equal(bitcoin!.address);
    expect(account.caipAddress).to.equal(`${btc.caipNetworkId}:${bitcoin!.address}`);
    expect(account.allAccounts).to.deep.equal([
      { namespace: 'bip122', address: bitcoin!.address, type: 'payment' },
      { namespace: 'bip122', address: bitcoin!.ordinalsAddress, type: 'payment' },
    ]);

    await el.modal.switchNetwork(btc.caipNetworkId);
    await waitFor(() => getAccountState('bip122').balance === '10', 8000, 'the BTC balance read from the local chain');
    expect(getAccountState('bip122').balanceSymbol).to.equal('BTC');
    await el.modal.open({ view: 'Account' });
    const shown = () => deepText(deep(el, 'w3-account-view') ?? el).replace(/\s+/g, ' ');
    await waitFor(() => /\b10(\.0+)? BTC\b/.test(shown()), 5000, 'the Account view shows 10 BTC').catch((err: Error) => {
      throw new Error(`${err.message}: ${shown().slice(0, 400)}`);
    });

    // The instance's provider of the namespace is typed (src/instance.ts) and is the wallet's.
    expect(el.modal.getWalletProvider('bip122')?.name).to.equal(NAME);
    const signature = await el.modal.signMessage('Sign in to w3kit', { namespace: 'bip122' });
    expect(signature).to.match(/^[A-Za-z0-9+/]+=*$/);
    expect(atob(signature).length).to.be.greaterThan(100);
    expect(bitcoin!.requests).to.include('bitcoin:signMessage');
  });
});
