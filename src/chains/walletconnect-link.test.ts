/**
 * The shared part of a namespace's provider over a WalletConnect session
 * (./walletconnect-link.ts), against our relay (in process), the WalletConnect test wallet
 * (test/fixtures/wc-wallet.ts) and a real sign-client dapp side: requests on the session's topic,
 * WalletConnect's 5000 refusal typed, the wallet's events and the session's end followed.
 *
 *   npx vitest run src/chains/walletconnect-link.test.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, startRelay, type Database, type RunningRelay } from '../../server/src/index.js';
import { createWcWallet, type WcWallet } from '../../test/fixtures/wc-wallet.js';
import { closeWcClient, createWcClient, type WcSignClient } from '../adapters/walletconnect/client.js';
import type { WcClientLike } from '../adapters/walletconnect/namespaces.js';
import type { PendingWalletRequest } from '../adapters/walletconnect/pending.js';
import { ProviderDisconnectedError, UserRejectedRequestError } from '../core/errors.js';
import { networks } from '../wire/networks.js';
import { linkWcSession, malformedReply, type WcLinkHandlers, type WcLinkSession, type WcProviderBase } from './walletconnect-link.js';

const CHAIN = networks.bitcoinRegtest.caipNetworkId;
let dir: string;
let db: Database;
let relay: RunningRelay;
let wallets: WcWallet[] = [];
let dapps: WcSignClient[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'w3kit-wc-link-'));
  db = openDatabase(dir);
  relay = await startRelay({ port: 0, db });
});
afterEach(async () => {
  await Promise.all([...wallets.map((w) => w.close()), ...dapps.map((d) => closeWcClient(d))]);
  wallets = [];
  dapps = [];
});
afterAll(async () => {
  await relay?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 10_000) throw new Error(`${what}: not within 10 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A dapp paired with the test wallet on the regtest chain (the bip122 namespace: any namespace would do). */
async function pair(): Promise<{ wallet: WcWallet; client: WcClientLike; session: WcLinkSession }> {
  const wallet = await createWcWallet({ relayUrl: relay.url, rpcUrls: { 31337: 'http://127.0.0.1:9' }, chainId: 31337, accounts: 1 });
  wallets.push(wallet);
  const dapp = await createWcClient({
    projectId: 'w3kit-test',
    relayUrl: relay.url,
    storagePrefix: `wc-link-dapp-${dapps.length}-${Date.now()}`,
    storageOptions: { database: ':memory:' },
    metadata: { name: 'Link Dapp', description: 'w3kit test', url: 'http://127.0.0.1:4300', icons: [] },
  });
  dapps.push(dapp);
  const methods = ['getAccountAddresses', 'signMessage'];
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: { bip122: { chains: [CHAIN], methods, events: ['bip122_addressesChanged'] } },
  });
  await wallet.pair(uri!);
  return { wallet, client: dapp as unknown as WcClientLike, session: (await approval()) as WcLinkSession };
}

/** Handlers that write down what the session told. */
function recorder() {
  const told: string[] = [];
  const handlers: WcLinkHandlers = {
    update: () => told.push('update'),
    event: (event, chainId) => told.push(`event ${String(event.name)} on ${String(chainId)}`),
    end: () => told.push('end'),
  };
  return { told, handlers };
}

describe('linkWcSession', () => {
  it('asks on the session; a refusal is UserRejectedRequestError; the requests the person answers are pending meanwhile', async () => {
    const { wallet, client, session } = await pair();
    const pendings: (PendingWalletRequest | undefined)[] = [];
    const link = linkWcSession(client, session, recorder().handlers, { onPending: (p) => pendings.push(p) });
    const { payment } = wallet.bip122.addressesOn(CHAIN)!;
    const reply = await link.ask('getAccountAddresses', CHAIN, { account: payment }, false);
    expect(reply).toEqual([expect.objectContaining({ address: payment, intention: 'payment' })]);
    expect(pendings).toEqual([]);
    wallet.setMode('reject');
    await expect(link.ask('signMessage', CHAIN, { account: payment, message: 'no' })).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(pendings.map((p) => p?.method)).toEqual(['signMessage', undefined]);
    link.end();
  });

  it("gives the provider's common part with the namespace's own properties, getters live", async () => {
    const { client, session } = await pair();
    const link = linkWcSession(client, session, recorder().handlers);
    let accounts = ['a'];
    const provider = link.provider<WcProviderBase & { readonly accounts: string[]; chain: string }>(
      {
        chain: CHAIN,
        get accounts() {
          return [...accounts];
        },
      },
      () => accounts,
    );
    expect(provider).toMatchObject({ name: 'w3kit Test Wallet', topic: session.topic, chain: CHAIN, isClosed: false });
    accounts = ['b', 'c'];
    expect(provider.accounts).toEqual(['b', 'c']);
    expect(await provider.connect({ silent: false })).toEqual(['b', 'c']);
    const seen: string[][] = [];
    provider.onAccountsChanged((list) => seen.push(list));
    link.emit(['d']);
    expect(seen).toEqual([['d']]);
    provider.end();
    expect(provider.isClosed).toBe(true);
    expect(await provider.connect({ silent: true })).toEqual([]);
    await expect(provider.connect({ silent: false })).rejects.toBeInstanceOf(ProviderDisconnectedError);
  });

  it("passes on the wallet's events until the session ends; end() fails what waits; the session's delete ends it, told once", async () => {
    const { wallet, client, session } = await pair();
    const { told, handlers } = recorder();
    const link = linkWcSession(client, session, handlers);
    await wallet.emitBip122AddressesChanged([]);
    await until(() => told.length === 1, 'the event');
    expect(told).toEqual([`event bip122_addressesChanged on ${CHAIN}`]);
    wallet.setMode('hang');
    const waiting = link.ask('signMessage', CHAIN, { account: wallet.bip122.addressesOn(CHAIN)!.payment, message: 'wait' });
    link.end();
    await expect(waiting).rejects.toBeInstanceOf(ProviderDisconnectedError);
    await expect(link.ask('getAccountAddresses', CHAIN, {}, false)).rejects.toBeInstanceOf(ProviderDisconnectedError);
    const other = recorder();
    const second = linkWcSession(client, session, other.handlers);
    await wallet.emitBip122AddressesChanged([]);
    await wallet.disconnect();
    await until(() => second.closed, 'the session delete');
    second.end();
    expect(told).toEqual([`event bip122_addressesChanged on ${CHAIN}`, 'end']);
    expect(other.told).toEqual([`event bip122_addressesChanged on ${CHAIN}`, 'end']);
  });

  it('a malformed reply names the method and shows the start of the reply', () => {
    const err = malformedReply('signPsbt', { psbt: 'x'.repeat(500) });
    expect(err.shortMessage).toBe('The wallet answered signPsbt with a malformed reply');
    expect(err.details).toBe(JSON.stringify({ psbt: 'x'.repeat(500) }).slice(0, 200));
  });
});
