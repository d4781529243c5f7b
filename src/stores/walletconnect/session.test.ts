/**
 * The WalletConnect session store against real parts: our relay (server/src/relay) on a free
 * port, a Hardhat node, and a wallet on @walletconnect/sign-client (test/fixtures/wc-wallet.ts).
 * The pairing clock is a hand-moved one, so the 4-minute URI refresh needs no waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, parseEther, verifyMessage } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { openDatabase, startRelay, type Database, type RunningRelay } from '../../../server/src/index.js';
import { createWcWallet, type WcWallet } from '../../../test/fixtures/wc-wallet.js';
import type { Clock } from '../../adapters/walletconnect/pairing.js';
import { WALLETCONNECT } from '../../core/constants.js';
import { networks, type Network } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, getAccountState } from '../connection/account.js';
import { $activeConnectorIds, $connectedWallet, $connections } from '../connection/connectors.js';
import { disconnect } from '../connection/disconnect.js';
import * as requests from '../connection/requests.js';
import { switchWalletNetwork } from '../connection/requests.js';

/** The eip155 session's signature and hash are hex. */
const signMessage = (message: string) => requests.signMessage(message) as Promise<`0x${string}`>;
const sendTransaction = (tx: { to: string; value: bigint }) => requests.sendTransaction(tx) as Promise<`0x${string}`>;
import { $activeNetworkIds, initNetworks } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { storage } from '../app/storage.js';
import { $toast } from '../ui/toast.js';
import { $wcPairing } from './state.js';
import { configureWcSession, getWcProvider, restoreWcSession, shutdownWalletConnect, startWcPairing, stopWcPairing } from './session.js';

/** A clock moved by the test: timers fire when `advance` passes them. */
class ManualClock implements Clock {
  time = Date.now();
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private next = 0;
  now = (): number => this.time;
  setTimeout = (fn: () => void, ms: number): number => {
    const id = ++this.next;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  };
  clearTimeout = (id: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((t) => t.at <= this.time);
    this.timers = this.timers.filter((t) => t.at > this.time);
    for (const t of due) t.fn();
  }
}

async function until<T>(read: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Rejects with a message naming what never came, instead of hanging until the test's timeout. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let dir: string;
let db: Database;
let relay: RunningRelay;
let relayPort: number;
let chainA: HardhatNode;
let chainB: HardhatNode;
let netA: Network;
let netB: Network;
let wallet: WcWallet;
let clock: ManualClock;
let walletStore = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'w3kit-wc-'));
  db = openDatabase(dir);
  relay = await startRelay({ port: 0, db });
  relayPort = relay.port;
  [chainA, chainB] = await Promise.all([startHardhat({ port: 0, chainId: 31337 }), startHardhat({ port: 0, chainId: 31338 })]);
  netA = { ...networks.localhost, rpcUrls: { default: { http: [chainA.url] } } };
  netB = { ...networks.localhost, id: 31338, caipNetworkId: 'eip155:31338', name: 'Chain B', rpcUrls: { default: { http: [chainB.url] } } };
}, 60_000);

afterAll(async () => {
  await relay?.close();
  db?.close();
  await Promise.all([chainA?.stop(), chainB?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  resetOptions();
  setOptions({ networks: [netA, netB], projectId: 'w3kit-test', relayUrl: relay.url });
  initNetworks();
  $accounts.set({});
  $activeConnectorIds.set({});
  $connections.set({});
  $connectedWallet.set(undefined);
  $toast.set({ open: false, message: { code: 'TEXT', text: '' }, variant: 'success' });
  clock = new ManualClock();
  walletStore++;
  configureWcSession({
    clock,
    client: { storagePrefix: `dapp-${walletStore}`, storageOptions: { database: join(dir, `dapp-${walletStore}.db`) } },
  });
  wallet = await createWcWallet({ relayUrl: relay.url, rpcUrls: { 31337: chainA.url, 31338: chainB.url }, chainId: 31337 });
});

afterEach(async () => {
  await shutdownWalletConnect();
  await wallet.close();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** Starts pairing and lets the wallet approve the URI it shows; resolves once connected. */
async function connect(approve?: Parameters<WcWallet['approve']>[1]): Promise<void> {
  const connected = startWcPairing();
  const uri = await until(() => $wcPairing.get().uri, 'a pairing URI');
  if (approve) {
    wallet.setMode('prompt');
    const proposal = await wallet.pair(uri);
    await wallet.approve(proposal, approve);
    wallet.setMode('approve');
  } else {
    await wallet.pair(uri);
  }
  await connected;
}

describe('WalletConnect session', () => {
  it('offers a wc: URI, and the approval connects the wallet as the walletConnect connector', async () => {
    const started = startWcPairing();
    const state = await until(() => ($wcPairing.get().status === 'ready' ? $wcPairing.get() : undefined), 'ready');
    expect(state.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(state.expiresAt).toBe(clock.time + WALLETCONNECT.pairingExpiryMs);
    await wallet.pair(state.uri as string);
    await started;
    const account = getAccountState('eip155');
    expect(account.status).toBe('connected');
    expect(account.address).toBe(wallet.addresses[0]);
    expect(account.caipAddress).toBe(`eip155:31337:${wallet.addresses[0]}`);
    expect($activeConnectorIds.get().eip155).toBe('walletConnect');
    expect($connectedWallet.get()).toMatchObject({ name: 'w3kit Test Wallet', type: 'WALLET_CONNECT' });
    expect($wcPairing.get().status).toBe('idle');
    expect(storage.get('connectedConnectorIds')?.eip155).toBe('walletConnect');
    // the proposal asked for every configured chain, as optional namespaces
    expect(wallet.sessions()[0]?.namespaces['eip155']?.chains).toEqual(['eip155:31337', 'eip155:31338']);
  });

  it('signs with personal_sign and sends a transaction that changes balances on chain', async () => {
    await connect();
    const signature = await signMessage('hello w3kit');
    expect(await verifyMessage({ address: wallet.addresses[0] as `0x${string}`, message: 'hello w3kit', signature })).toBe(true);
    const chain = createPublicClient({ transport: http(chainA.url) });
    const to = '0x000000000000000000000000000000000000dEaD';
    const before = await chain.getBalance({ address: to });
    const hash = await sendTransaction({ to, value: parseEther('0.5') });
    await chain.waitForTransactionReceipt({ hash });
    expect((await chain.getBalance({ address: to })) - before).toBe(parseEther('0.5'));
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign', 'eth_sendTransaction']);
  });

  it('refreshes the URI when 10 s or less remains; the fresh one connects', async () => {
    const started = startWcPairing();
    const first = await until(() => $wcPairing.get().uri, 'first URI');
    clock.advance(WALLETCONNECT.pairingExpiryMs - WALLETCONNECT.pairingRefreshLeftMs - 1);
    await new Promise((r) => setTimeout(r, 200));
    expect($wcPairing.get().uri).toBe(first);
    clock.advance(1);
    const second = await until(() => ($wcPairing.get().uri !== first ? $wcPairing.get().uri : undefined), 'a fresh URI');
    expect(second).toMatch(/^wc:/);
    expect($wcPairing.get().expiresAt).toBe(clock.time + WALLETCONNECT.pairingExpiryMs);
    await wallet.pair(second as string);
    await started;
    expect(getAccountState('eip155').status).toBe('connected');
  });

  it('a rejected proposal shows Connection rejected, and a new pairing can still connect', async () => {
    wallet.setMode('reject');
    const started = startWcPairing();
    const uri = await until(() => $wcPairing.get().uri, 'URI');
    await wallet.pair(uri);
    await expect(started).rejects.toThrow('Connection rejected');
    expect($wcPairing.get()).toMatchObject({
      status: 'error',
      error: { code: 'ERROR', error: { messageCode: 'ConnectionRejectedError' } },
    });
    expect(getAccountState('eip155').status).toBe('disconnected');
    wallet.setMode('approve');
    await connect();
    expect(getAccountState('eip155').status).toBe('connected');
  });

  it('stopping the pairing (view left) ignores a later approval', async () => {
    const started = startWcPairing();
    const uri = await until(() => $wcPairing.get().uri, 'URI');
    stopWcPairing();
    expect($wcPairing.get().status).toBe('idle');
    await wallet.pair(uri);
    await new Promise((r) => setTimeout(r, 300));
    expect(getAccountState('eip155').status).toBe('disconnected');
    void started;
  });

  it('follows session updates and events from the wallet', async () => {
    await connect();
    await wallet.updateAccounts([1]);
    await until(() => getAccountState('eip155').address === wallet.addresses[1], 'account update');
    await wallet.emitChainChanged(31338);
    await until(() => $activeNetworkIds.get().eip155 === 'eip155:31338', 'chain event');
    expect(getAccountState('eip155').caipAddress).toBe(`eip155:31338:${wallet.addresses[1]}`);
  });

  it('switches between approved chains inside the session, emitting chainChanged and accountsChanged', async () => {
    await connect();
    const provider = getWcProvider();
    const seen: string[] = [];
    provider?.on('chainChanged', (id) => seen.push(`chain ${String(id)}`));
    provider?.on('accountsChanged', (a) => seen.push(`accounts ${(a as string[]).length}`));
    await switchWalletNetwork(netB);
    expect(seen).toEqual(['chain 0x7a6a', `accounts ${wallet.addresses.length}`]);
    expect(provider?.chainId).toBe(31338);
    expect(await provider?.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    // reads go to the chain's own node
    expect(await provider?.request({ method: 'eth_blockNumber' })).toMatch(/^0x/);
  });

  it('refuses a chain the session did not approve when the wallet cannot switch', async () => {
    await connect({ chains: [31337] });
    const address = wallet.addresses[0] as string;
    await wallet.updateSession({
      eip155: {
        chains: ['eip155:31337'],
        accounts: [`eip155:31337:${address}`],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged'],
      },
    });
    await until(
      () =>
        getWcProvider()
          ?.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
          .then(
            () => false,
            (e: Error) => e.message === 'Chain is not supported',
          ),
      'refusal',
    );
    await expect(switchWalletNetwork(netB)).rejects.toThrow('Chain is not supported');
  });

  it('a chain the session did not approve is added through the wallet; the session stays and serves that chain', async () => {
    await connect({ chains: [31337] });
    const seen: string[] = [];
    getWcProvider()?.on('accountsChanged', (a) => seen.push(`accounts ${(a as string[]).length}`));
    await switchWalletNetwork(netB);
    expect(getWcProvider()?.chainId).toBe(31338);
    expect(getAccountState('eip155')).toMatchObject({ status: 'connected', caipAddress: `eip155:31338:${wallet.addresses[0]}` });
    expect(seen).not.toContain('accounts 0');
    expect(wallet.sessions()).toHaveLength(1);
    expect(wallet.sessions()[0]?.namespaces['eip155']?.chains).toContain('eip155:31338');
    const signature = await signMessage('on the added chain');
    expect(await verifyMessage({ address: wallet.addresses[0] as `0x${string}`, message: 'on the added chain', signature })).toBe(true);
    expect(wallet.requests.at(-1)?.chainId).toBe('eip155:31338');
  });

  it('a wallet that does not know the chain (4902) is asked to add it, then the session stays on it', async () => {
    await wallet.close();
    wallet = await createWcWallet({ relayUrl: relay.url, rpcUrls: { 31337: chainA.url }, chainId: 31337 });
    await connect({ chains: [31337] });
    await switchWalletNetwork(netB);
    expect(getWcProvider()?.chainId).toBe(31338);
    expect(wallet.requests.map((r) => r.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain']);
    expect(getAccountState('eip155').status).toBe('connected');
    expect(wallet.sessions()).toHaveLength(1);
  });

  it('a chainChanged for a chain new to the session waits for the session update that approves it (no disconnect)', async () => {
    await connect({ chains: [31337] });
    const address = wallet.addresses[0] as string;
    const topic = wallet.sessions()[0]!.topic;
    await wallet.client.emit({ topic, event: { name: 'chainChanged', data: 31338 }, chainId: 'eip155:31337' });
    await new Promise((r) => setTimeout(r, 500));
    expect(getAccountState('eip155')).toMatchObject({ status: 'connected', caipAddress: `eip155:31337:${address}` });
    const ns = wallet.sessions()[0]!.namespaces['eip155']!;
    await wallet.updateSession({
      eip155: { ...ns, chains: ['eip155:31337', 'eip155:31338'], accounts: [...ns.accounts, `eip155:31338:${address}`] },
    });
    await until(() => $activeNetworkIds.get().eip155 === 'eip155:31338', 'the announced chain once approved');
    expect(getAccountState('eip155')).toMatchObject({ status: 'connected', caipAddress: `eip155:31338:${address}` });
  });

  it('a delete from the wallet disconnects with a toast', async () => {
    await connect();
    await wallet.disconnect();
    await until(() => getAccountState('eip155').status === 'disconnected', 'disconnect');
    expect($toast.get()).toMatchObject({ open: true, variant: 'error', message: { code: 'WALLETCONNECT_SESSION_ENDED' } });
    expect(storage.get('connectedConnectorIds')?.eip155).toBeUndefined();
  });

  it('a user disconnect deletes the session at the wallet and clears the stored namespaces', async () => {
    await connect();
    expect(storage.get('connectedNamespaces')).toEqual(['eip155']);
    await disconnect('eip155');
    expect(getAccountState('eip155').status).toBe('disconnected');
    expect(storage.get('connectedNamespaces')).toEqual([]);
    await until(() => wallet.sessions().length === 0, 'the wallet to see the delete');
  });

  it('restores the session after a reload (a new client on the same storage)', async () => {
    await connect();
    await shutdownWalletConnect();
    // A new core on the same storage, as after a page reload (not sign-client's per-prefix global one).
    vi.stubEnv('DISABLE_GLOBAL_CORE', 'true');
    $accounts.set({});
    $activeConnectorIds.set({});
    configureWcSession({
      clock,
      client: { storagePrefix: `dapp-${walletStore}`, storageOptions: { database: join(dir, `dapp-${walletStore}.db`) } },
    });
    expect(await restoreWcSession()).toBe(true);
    expect(getAccountState('eip155')).toMatchObject({ status: 'connected', address: wallet.addresses[0] });
    const signature = await signMessage('after reload');
    expect(await verifyMessage({ address: wallet.addresses[0] as `0x${string}`, message: 'after reload', signature })).toBe(true);
  });

  it('restoring without a stored session forgets the stored connection', async () => {
    storage.set('connectedConnectorIds', { eip155: 'walletConnect' });
    expect(await restoreWcSession()).toBe(false);
    expect(getAccountState('eip155').status).toBe('disconnected');
    expect(storage.get('connectedConnectorIds')?.eip155).toBeUndefined();
  });

  it('survives a relay restart mid-session: the next request still succeeds', async () => {
    await connect();
    await relay.close();
    relay = await startRelay({ port: relayPort, db });
    await until(() => wallet.client.core.relayer.connected, 'the wallet to reconnect', 30_000);
    const signature = await within(signMessage('after restart'), 30_000, 'the signature after the restart');
    expect(await verifyMessage({ address: wallet.addresses[0] as `0x${string}`, message: 'after restart', signature })).toBe(true);
  }, 90_000);

  it('when the relay stays away through every reconnect attempt, shows the error', async () => {
    await connect();
    await relay.close();
    try {
      await until(() => ($toast.get().variant === 'error' ? $toast.get().message : undefined), 'the lost-relay error', 60_000);
      expect($toast.get().message.code).toBe('RELAY_LOST');
    } finally {
      relay = await startRelay({ port: relayPort, db });
    }
  }, 90_000);
});
