/**
 * The Bitcoin provider over a WalletConnect session, against our relay (in process), the
 * WalletConnect test wallet (test/fixtures/wc-wallet.ts, signing with a real key) with a real
 * sign-client dapp side, and the local regtest chain (`w3kit-server btc`), which validates every
 * signature of the transactions it accepts.
 *
 *   npx vitest run src/chains/bip122/walletconnect-provider.test.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { Verifier } from 'bip322-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, startRelay, type Database, type RunningRelay } from '../../../server/src/index.js';
import { REGTEST } from '../../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../server/src/chains/bip122/devchain/server.js';
import { createWcWallet, type WcSession, type WcWallet, type WcWalletOptions } from '../../../test/fixtures/wc-wallet.js';
import { closeWcClient, createWcClient, type WcSignClient } from '../../adapters/walletconnect/client.js';
import { optionalNamespaces, type WcClientLike } from '../../adapters/walletconnect/namespaces.js';
import { SignatureDeclinedError, WalletConnectSessionError, WalletRequestError } from '../../core/errors.js';
import { errorMessage } from '../../elements/l10n/errors.js';
import { verifyBip322 } from '../../wire/bip122/bip322.js';
import { networks, type Network } from '../../wire/networks.js';
import { walletconnectPart } from '../walletconnect.js';
import { bip122Adapter } from './adapter.js';
import { createWcBitcoinProvider, type WcBitcoinProvider } from './walletconnect-provider.js';

const REGTEST_ID = networks.bitcoinRegtest.caipNetworkId;
const KEY = new Uint8Array(32).fill(0x42);
const OTHER = p2wpkh(pubECDSA(new Uint8Array(32).fill(0x43)), REGTEST).address!;

let dir: string;
let db: Database;
let relay: RunningRelay;
let btc: RunningBtcDevChain;
let regtest: Network;
let wallets: WcWallet[] = [];
let dapps: WcSignClient[] = [];
let providers: WcBitcoinProvider[] = [];
let prefixes = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'w3kit-wc-bip122-'));
  db = openDatabase(dir);
  relay = await startRelay({ port: 0, db });
  const funded = p2wpkh(pubECDSA(KEY), REGTEST).address!;
  btc = await startBtcDevChain({ port: 0, fund: [{ address: funded, sats: 100_000_000n }], onError: () => undefined });
  regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [btc.url] } } };
}, 30_000);

afterEach(async () => {
  for (const p of providers) p.end();
  await Promise.all([...wallets.map((w) => w.close()), ...dapps.map((d) => closeWcClient(d))]);
  wallets = [];
  dapps = [];
  providers = [];
});

afterAll(async () => {
  await relay?.close();
  await btc?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)),
  ]);
}

async function until(check: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 10_000) throw new Error(`${what}: not within 10 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A dapp and the test wallet paired, proposing what the modal proposes for a regtest network. */
async function pair(extra: Partial<WcWalletOptions> = {}): Promise<{ wallet: WcWallet; dapp: WcSignClient; session: WcSession }> {
  const wallet = await createWcWallet({
    relayUrl: relay.url,
    rpcUrls: { 31337: 'http://127.0.0.1:9' },
    chainId: 31337,
    accounts: 1,
    bip122: { privateKey: KEY, esploraUrl: btc.url },
    ...extra,
  });
  wallets.push(wallet);
  const dapp = await createWcClient({
    projectId: 'w3kit-test',
    relayUrl: relay.url,
    storagePrefix: `wc-bip122-dapp-${++prefixes}-${Date.now()}`,
    storageOptions: { database: ':memory:' },
    metadata: { name: 'Bitcoin Dapp', description: 'w3kit test', url: 'http://127.0.0.1:4300', icons: [] },
  });
  dapps.push(dapp);
  const proposed = optionalNamespaces([regtest], (ns) => walletconnectPart(ns)?.proposal);
  const { uri, approval } = await dapp.connect({ optionalNamespaces: proposed });
  await wallet.pair(uri!);
  return { wallet, dapp, session: await within(approval(), 15_000, 'session approval') };
}

function provider(dapp: WcSignClient, session: WcSession): WcBitcoinProvider {
  const p = createWcBitcoinProvider(dapp as unknown as WcClientLike, session, REGTEST_ID);
  providers.push(p);
  return p;
}

const addresses = (wallet: WcWallet) => wallet.bip122.addressesOn(REGTEST_ID)!;

describe('bip122 over WalletConnect', () => {
  it('proposes the bip122 namespace with its methods and event; the payment address is the account, the ordinals address follows', async () => {
    const proposed = optionalNamespaces([regtest], (ns) => walletconnectPart(ns)?.proposal);
    expect(proposed.bip122).toEqual({
      chains: [REGTEST_ID],
      methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
      events: ['bip122_addressesChanged'],
    });
    const { wallet, dapp, session } = await pair();
    const { payment, ordinals } = addresses(wallet);
    expect(session.namespaces.bip122?.accounts).toEqual([`${REGTEST_ID}:${payment}`]);
    expect(Object.keys(session.namespaces)).toEqual(['bip122']);
    const p = provider(dapp, session);
    expect(await p.connect({ silent: true })).toEqual([payment]);
    await until(() => p.accounts.length === 2, 'the ordinals address from getAccountAddresses');
    expect(p.accounts).toEqual([payment, ordinals]);
    const part = walletconnectPart('bip122')!;
    expect(part.session(p, { chainId: REGTEST_ID.slice(7), accounts: [payment] })).toEqual({
      accounts: [payment, ordinals],
      chainId: REGTEST_ID.slice(7),
    });
  });

  it("signMessage gives the wallet's BIP-322 signature as base64, which bip322-js and our verifier accept", async () => {
    const { wallet, dapp, session } = await pair();
    const { payment, ordinals } = addresses(wallet);
    const p = provider(dapp, session);
    const signature = await bip122Adapter.signMessage(p, payment, 'Sign in to w3kit', regtest);
    expect(Verifier.verifySignature(payment, 'Sign in to w3kit', signature)).toBe(true);
    expect(verifyBip322(payment, 'Sign in to w3kit', signature)).toEqual({ valid: true });
    const byOrdinals = await bip122Adapter.signMessage(p, ordinals, 'ordinals', regtest);
    expect(Verifier.verifySignature(ordinals, 'ordinals', byOrdinals)).toBe(true);
    const asked = wallet.requests.find((r) => r.method === 'signMessage')!;
    expect(asked.params).toEqual({ account: payment, address: payment, message: 'Sign in to w3kit', protocol: 'bip322' });
  });

  it('a refusal in the wallet is Signature declined; a malformed reply names the method', async () => {
    const { wallet, dapp, session } = await pair({ transformResult: (r, result) => (r.method === 'signPsbt' ? { psbt: 42 } : result) });
    const p = provider(dapp, session);
    wallet.setMode('reject');
    await expect(bip122Adapter.signMessage(p, addresses(wallet).payment, 'no', regtest)).rejects.toBeInstanceOf(SignatureDeclinedError);
    wallet.setMode('approve');
    const tx = new Transaction();
    tx.addInput({ txid: '11'.repeat(32), index: 0 });
    tx.addOutputAddress(OTHER, 1000n, REGTEST);
    const err = await p.signPsbt(tx.toPSBT(), [], undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalletRequestError);
    expect((err as Error).message).toMatch(/^The wallet answered signPsbt with a malformed reply/);
    expect((err as Error).message).toContain('{"psbt":42}');
  });

  it('signPsbt signs the inputs named: the transaction is accepted by the regtest chain, which checks each signature', async () => {
    const { wallet, dapp, session } = await pair();
    const { payment } = addresses(wallet);
    const p = provider(dapp, session);
    const utxos = (await (await fetch(`${btc.url}/address/${payment}/utxo`)).json()) as { txid: string; vout: number; value: number }[];
    const utxo = utxos[0]!;
    const tx = new Transaction();
    tx.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: p2wpkh(pubECDSA(KEY), REGTEST).script, amount: BigInt(utxo.value) },
    });
    tx.addOutputAddress(OTHER, 25_000n, REGTEST);
    tx.addOutputAddress(payment, BigInt(utxo.value) - 25_000n - 500n, REGTEST);
    const signed = Transaction.fromPSBT(await p.signPsbt(tx.toPSBT(), [{ address: payment, indexes: [0] }], undefined));
    signed.finalize();
    const posted = await fetch(`${btc.url}/tx`, { method: 'POST', body: signed.hex });
    expect(posted.status, await posted.clone().text()).toBe(200);
    expect((await posted.text()).trim()).toBe(signed.id);
    const asked = wallet.requests.find((r) => r.method === 'signPsbt')!;
    expect(asked.params).toMatchObject({
      account: payment,
      signInputs: [{ address: payment, index: 0, sighashTypes: [1] }],
      broadcast: false,
    });
  });

  it('sendTransfer: the wallet builds, signs and sends; the receiver gets exactly the amount on the chain', async () => {
    const { wallet, dapp, session } = await pair();
    const before = (await (await fetch(`${btc.url}/address/${OTHER}`)).json()) as { chain_stats: { funded_txo_sum: number } };
    const reply = (await dapp.request({
      topic: session.topic,
      chainId: REGTEST_ID,
      request: { method: 'sendTransfer', params: { account: addresses(wallet).payment, recipientAddress: OTHER, amount: '12345' } },
    })) as { txid: string };
    expect(reply.txid).toMatch(/^[0-9a-f]{64}$/);
    const after = (await (await fetch(`${btc.url}/address/${OTHER}`)).json()) as { chain_stats: { funded_txo_sum: number } };
    expect(after.chain_stats.funded_txo_sum - before.chain_stats.funded_txo_sum).toBe(12345);
  });

  it("the adapter's sendTransaction over WalletConnect: signPsbt with signInputs, the chain takes it; a refusal is 'Signature declined' and sends nothing", async () => {
    const { wallet, dapp, session } = await pair();
    const { payment } = addresses(wallet);
    const p = provider(dapp, session);
    const received = async () =>
      ((await (await fetch(`${btc.url}/address/${OTHER}`)).json()) as { chain_stats: { funded_txo_sum: number } }).chain_stats
        .funded_txo_sum;
    const before = await received();
    const txid = await bip122Adapter.sendTransaction(p, payment, { to: OTHER, value: 54_321n }, regtest);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await received()).toBe(before + 54_321);
    const asked = wallet.requests.find((r) => r.method === 'signPsbt')!;
    expect(asked.params).toMatchObject({ account: payment, broadcast: false, signInputs: [{ address: payment, sighashTypes: [1] }] });
    const spent = wallet.requests.length;
    wallet.setMode('reject');
    const err = await bip122Adapter.sendTransaction(p, payment, { to: OTHER, value: 1000n }, regtest).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignatureDeclinedError);
    expect(errorMessage(err)).toBe('Signature declined');
    expect(wallet.requests.slice(spent).map((r) => r.method)).toEqual(['signPsbt']);
    expect(await received()).toBe(before + 54_321);
  });

  it('bip122_addressesChanged updates the accounts live; the session ending empties them', async () => {
    const { wallet, dapp, session } = await pair();
    const p = provider(dapp, session);
    const { payment } = addresses(wallet);
    await until(() => p.accounts.length === 2, 'the ordinals address');
    const seen: string[][] = [];
    p.onAccountsChanged((list) => seen.push(list));
    await wallet.emitBip122AddressesChanged([OTHER, payment]);
    await until(() => seen.length === 1, 'bip122_addressesChanged');
    expect(seen[0]).toEqual([OTHER, payment]);
    // an event of addresses that are none is ignored
    await wallet.emitBip122AddressesChanged(['not-an-address']);
    await wallet.disconnect();
    await until(() => p.isClosed, 'the session delete');
    expect(seen).toEqual([[OTHER, payment], []]);
  });

  it('a session without a bip122 account on the chain is refused with words', async () => {
    const { dapp, session } = await pair();
    expect(() => createWcBitcoinProvider(dapp as unknown as WcClientLike, session, networks.bitcoin.caipNetworkId)).toThrow(
      new WalletConnectSessionError(`The wallet approved no bip122 account on ${networks.bitcoin.caipNetworkId}`),
    );
  });
});
