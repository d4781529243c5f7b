/**
 * The WalletConnect session store with a Bitcoin network configured, against real parts: our
 * relay on a free port, the local regtest chain, and the WalletConnect test wallet
 * (test/fixtures/wc-wallet.ts) signing with a real key. What the modal does: the proposal, the
 * payment account active and the ordinals one listed, a BIP-322 signature as base64, live
 * address changes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { p2wpkh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { Verifier } from 'bip322-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, startRelay, type Database, type RunningRelay } from '../../../server/src/index.js';
import { REGTEST } from '../../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../server/src/chains/bip122/devchain/server.js';
import { createWcWallet, type WcWallet } from '../../../test/fixtures/wc-wallet.js';
import { networks, type Network } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, getAccountState } from '../connection/account.js';
import { $activeConnectorIds, $connectedWallet, $connections } from '../connection/connectors.js';
import { signMessage } from '../connection/requests.js';
import { initNetworks } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $wcPairing } from './state.js';
import { configureWcSession, shutdownWalletConnect, startWcPairing } from './session.js';

async function until<T>(read: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let dir: string;
let db: Database;
let relay: RunningRelay;
let btc: RunningBtcDevChain;
let regtest: Network;
let wallet: WcWallet;
let store = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'w3kit-wc-bip122-store-'));
  db = openDatabase(dir);
  relay = await startRelay({ port: 0, db });
  btc = await startBtcDevChain({ port: 0, onError: () => undefined });
  regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [btc.url] } } };
}, 30_000);

afterAll(async () => {
  await relay?.close();
  await btc?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  resetOptions();
  setOptions({ networks: [regtest], projectId: 'w3kit-test', relayUrl: relay.url });
  initNetworks();
  $accounts.set({});
  $activeConnectorIds.set({});
  $connections.set({});
  $connectedWallet.set(undefined);
  store++;
  configureWcSession({ client: { storagePrefix: `dapp-bip122-${store}`, storageOptions: { database: join(dir, `dapp-${store}.db`) } } });
  wallet = await createWcWallet({ relayUrl: relay.url, rpcUrls: { 31337: 'http://127.0.0.1:9' }, chainId: 31337, accounts: 1 });
});

afterEach(async () => {
  await shutdownWalletConnect();
  await wallet.close();
  vi.unstubAllGlobals();
});

async function connect(): Promise<void> {
  const connected = startWcPairing();
  await wallet.pair(await until(() => $wcPairing.get().uri, 'a pairing URI'));
  await connected;
}

describe('WalletConnect session with a Bitcoin network', () => {
  it('connects the payment address as the active payment account; the ordinals address joins the account list', async () => {
    await connect();
    const { payment, ordinals } = wallet.bip122.addressesOn(regtest.caipNetworkId)!;
    expect(Object.keys(wallet.sessions()[0]!.namespaces)).toEqual(['bip122']);
    const account = getAccountState('bip122');
    expect(account.status).toBe('connected');
    expect(account.address).toBe(payment);
    expect(account.caipAddress).toBe(`${regtest.caipNetworkId}:${payment}`);
    expect($activeConnectorIds.get().bip122).toBe('walletConnect');
    await until(() => getAccountState('bip122').allAccounts.length === 2, 'the ordinals account');
    expect(getAccountState('bip122').allAccounts.map((a) => [a.address, a.type])).toEqual([
      [payment, 'payment'],
      [ordinals, 'payment'],
    ]);
  });

  it("signMessage on bip122 gives the wallet's BIP-322 signature as base64, verified by bip322-js", async () => {
    await connect();
    const { payment } = wallet.bip122.addressesOn(regtest.caipNetworkId)!;
    const signature = await signMessage('Hello from w3kit', 'bip122');
    expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Verifier.verifySignature(payment, 'Hello from w3kit', signature)).toBe(true);
  });

  it('bip122_addressesChanged moves the active account live', async () => {
    await connect();
    const other = p2wpkh(pubECDSA(new Uint8Array(32).fill(0x44)), REGTEST).address!;
    const { payment } = wallet.bip122.addressesOn(regtest.caipNetworkId)!;
    await until(() => getAccountState('bip122').allAccounts.length === 2, 'the ordinals account');
    await wallet.emitBip122AddressesChanged([other, payment]);
    await until(() => getAccountState('bip122').address === other, 'the new active address');
    expect(getAccountState('bip122').allAccounts.map((a) => a.address)).toEqual([other, payment]);
  });
});
