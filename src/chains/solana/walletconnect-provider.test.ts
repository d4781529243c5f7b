/**
 * The Solana provider over a WalletConnect session, against our relay (in process) and the
 * WalletConnect test wallet (test/fixtures/wc-wallet.ts) with a real sign-client dapp side:
 * signatures are real ed25519 signatures checked here.
 *
 *   npx vitest run src/chains/solana/walletconnect-provider.test.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, startRelay, type Database, type RunningRelay } from '../../../server/src/index.js';
import { startSvmServer, type RunningSvm } from '../../../server/src/svm/server.js';
import { createWcWallet, type WcSession, type WcWallet, type WcWalletOptions } from '../../../test/fixtures/wc-wallet.js';
import {
  ChainDisconnectedError,
  InternalRpcError,
  ProviderDisconnectedError,
  UserRejectedRequestError,
  W3Error,
  WalletRequestError,
} from '../../core/errors.js';
import { networks } from '../../wire/networks.js';
import { closeWcClient, createWcClient, type WcSignClient } from '../../adapters/walletconnect/client.js';
import { optionalNamespaces } from '../../adapters/walletconnect/namespaces.js';
import type { PendingWalletRequest } from '../../adapters/walletconnect/pending.js';
import { sessionAccounts } from '../walletconnect-accounts.js';
import { createWcSolanaProvider, type WcSolanaProvider } from './walletconnect-provider.js';

const LOCAL = networks.solanaLocal.caipNetworkId;
const DEVNET = networks.solanaDevnet.caipNetworkId;
const BLOCKHASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';
const OTHER = Keypair.fromSeed(new Uint8Array(32).fill(3));

let dir: string;
let db: Database;
let relay: RunningRelay;
let wallets: WcWallet[] = [];
let dapps: WcSignClient[] = [];
let providers: WcSolanaProvider[] = [];
let prefixes = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'w3kit-wc-solana-'));
  db = openDatabase(dir);
  relay = await startRelay({ port: 0, db });
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

/** A dapp and the test wallet paired, proposing the app's configured networks (eip155 and solana). */
async function pair(
  extra: Partial<WcWalletOptions> = {},
  configured = [networks.localhost, networks.solanaLocal, networks.solanaDevnet],
): Promise<{ wallet: WcWallet; dapp: WcSignClient; session: WcSession }> {
  const wallet = await createWcWallet({
    relayUrl: relay.url,
    rpcUrls: { 31337: 'http://127.0.0.1:9' },
    chainId: 31337,
    accounts: 1,
    ...extra,
  });
  wallets.push(wallet);
  const dapp = await createWcClient({
    projectId: 'w3kit-test',
    relayUrl: relay.url,
    storagePrefix: `wc-solana-dapp-${++prefixes}-${Date.now()}`,
    storageOptions: { database: ':memory:' },
    metadata: { name: 'Solana Dapp', description: 'w3kit test', url: 'http://127.0.0.1:4300', icons: [] },
  });
  dapps.push(dapp);
  const { uri, approval } = await dapp.connect({ optionalNamespaces: optionalNamespaces(configured) });
  await wallet.pair(uri!);
  return { wallet, dapp, session: await within(approval(), 15_000, 'session approval') };
}

function provider(dapp: WcSignClient, session: WcSession, chain = LOCAL, onPending?: (p: PendingWalletRequest | undefined) => void) {
  const p = createWcSolanaProvider(dapp, session, chain, onPending ? { onPending } : {});
  providers.push(p);
  return p;
}

/** A transfer paid by `payer`, signed by `payer` (and `from` when it differs): legacy or v0, serialized unsigned. */
function transfer(payer: string, from = payer, version: 'legacy' | 0 = 'legacy'): Uint8Array {
  const ix = SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: OTHER.publicKey, lamports: 1000 });
  if (version === 'legacy') {
    const tx = new Transaction({ feePayer: new PublicKey(payer), recentBlockhash: BLOCKHASH }).add(ix);
    return new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
  }
  const message = new TransactionMessage({ payerKey: new PublicKey(payer), recentBlockhash: BLOCKHASH, instructions: [ix] });
  return new VersionedTransaction(message.compileToV0Message()).serialize();
}

/** Whether `address` signed `bytes` (a serialized transaction) with a valid ed25519 signature. */
function signedBy(bytes: Uint8Array, address: string): boolean {
  const tx = VersionedTransaction.deserialize(bytes);
  const index = tx.message.staticAccountKeys.findIndex((k) => k.toBase58() === address);
  return index >= 0 && ed25519.verify(tx.signatures[index]!, tx.message.serialize(), new PublicKey(address).toBytes());
}

async function failure(promise: Promise<unknown>): Promise<W3Error> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(W3Error);
    return err as W3Error;
  }
  throw new Error('expected a failure');
}

describe('WalletConnect session with eip155 and solana', () => {
  it('gives both namespaces their accounts; the solana provider connects to the solana account', async () => {
    const { wallet, dapp, session } = await pair();
    expect(session.namespaces['solana']?.chains).toEqual([LOCAL, DEVNET]);
    expect(sessionAccounts(session, [DEVNET])).toEqual({
      eip155: { chainId: '31337', accounts: [wallet.addresses[0]] },
      solana: { chainId: DEVNET.slice(7), accounts: [wallet.solana.address] },
    });
    const p = provider(dapp, session);
    expect(p.name).toBe('w3kit Test Wallet');
    expect(p.chain).toBe(LOCAL);
    expect(await p.connect({ silent: true })).toEqual([wallet.solana.address]);
    expect(await p.connect({ silent: false })).toEqual([wallet.solana.address]);
    await p.disconnect();
    expect(p.isClosed).toBe(false);
    expect(() => createWcSolanaProvider(dapp, session, networks.solana.caipNetworkId)).toThrow(/no solana account on solana:5eykt/);
  });

  it('a proposal of solana alone gets a session of solana alone', async () => {
    const { wallet, session } = await pair({}, [networks.solanaLocal]);
    expect(Object.keys(session.namespaces)).toEqual(['solana']);
    expect(sessionAccounts(session)).toEqual({ solana: { chainId: LOCAL.slice(7), accounts: [wallet.solana.address] } });
  });
});

describe('WalletConnect Solana provider: signing', () => {
  it('solana_signMessage gives the ed25519 signature of the account over the bytes', async () => {
    const { wallet, dapp, session } = await pair();
    const message = new TextEncoder().encode('Sign in to w3kit ✓');
    const signature = await provider(dapp, session).signMessage(wallet.solana.address, message);
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, message, wallet.solana.keypair.publicKey.toBytes())).toBe(true);
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'solana_signMessage', chainId: LOCAL });
  });

  it('solana_signTransaction returns the transaction signed by the account, from either reply form', async () => {
    for (const reply of ['both', 'transaction', 'signature'] as const) {
      const { wallet, dapp, session } = await pair({ solana: { signTransactionReply: reply } });
      const p = provider(dapp, session);
      const me = wallet.solana.address;
      for (const version of ['legacy', 0] as const) {
        // The dapp's fee payer signs later: the wallet signs its own slot only.
        const unsigned = transfer(OTHER.publicKey.toBase58(), me, version);
        const out = await p.signTransaction(me, unsigned, 'solana:devnet');
        expect(signedBy(out, me), `${reply} ${version}`).toBe(true);
        expect(VersionedTransaction.deserialize(out).message.serialize()).toEqual(
          VersionedTransaction.deserialize(unsigned).message.serialize(),
        );
      }
      expect(wallet.requests.at(-1)).toMatchObject({ method: 'solana_signTransaction', chainId: DEVNET });
    }
  }, 60_000);

  it('a user rejection is the typed 4001 rejection, for each method', async () => {
    const { wallet, dapp, session } = await pair();
    wallet.setMode('reject');
    const p = provider(dapp, session);
    const me = wallet.solana.address;
    for (const attempt of [
      p.signMessage(me, new Uint8Array([1, 2, 3])),
      p.signTransaction(me, transfer(me), 'solana:localnet'),
      p.signAndSendTransaction!(me, transfer(me), LOCAL, { skipPreflight: true }),
    ]) {
      const err = await failure(attempt);
      expect(err).toBeInstanceOf(UserRejectedRequestError);
      expect(err.code).toBe(4001);
    }
  });

  it("WalletConnect's 5000 'User rejected.' is the same typed 4001 rejection", async () => {
    const { wallet, dapp, session } = await pair({ rejection: { code: 5000, message: 'User rejected.' } });
    wallet.setMode('reject');
    const err = await failure(provider(dapp, session).signMessage(wallet.solana.address, new Uint8Array([1])));
    expect(err).toBeInstanceOf(UserRejectedRequestError);
    expect(err.code).toBe(4001);
  });

  it('a malformed reply is a typed error naming the method', async () => {
    const replies: Record<string, unknown> = {
      solana_signMessage: { signature: 'not base58 0OIl' },
      solana_signTransaction: { transaction: 'AAAA' },
      solana_signAndSendTransaction: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
    };
    const { wallet, dapp, session } = await pair({
      solana: { rpcUrl: 'http://127.0.0.1:9' },
      transformResult: (request, result) => (request.method in replies ? replies[request.method] : result),
    });
    const p = provider(dapp, session);
    const me = wallet.solana.address;
    const errors = [
      await failure(p.signMessage(me, new Uint8Array([1]))),
      await failure(p.signTransaction(me, transfer(me), 'solana:localnet')),
    ];
    for (const [err, method] of errors.map((e, i) => [e, i ? 'solana_signTransaction' : 'solana_signMessage'] as const)) {
      expect(err).toBeInstanceOf(WalletRequestError);
      expect(err.shortMessage).toBe(`The wallet answered ${method} with a malformed reply`);
    }
    // The signature-only form with a signature of the wrong length.
    replies['solana_signTransaction'] = { signature: '3yZe7d' };
    expect((await failure(p.signTransaction(me, transfer(me), 'solana:localnet'))).shortMessage).toMatch(/malformed/);
  });

  it('solana_signAndSendTransaction carries the transaction and send options; the wallet failing to send is a typed error', async () => {
    const { wallet, dapp, session } = await pair({ solana: { rpcUrl: 'http://127.0.0.1:9' } });
    const me = wallet.solana.address;
    const err = await failure(
      provider(dapp, session).signAndSendTransaction!(me, transfer(me), 'solana:localnet', { skipPreflight: true, maxRetries: 2 }),
    );
    expect(err).toBeInstanceOf(InternalRpcError);
    const request = wallet.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'solana_signAndSendTransaction', chainId: LOCAL });
    expect(request.params).toMatchObject({ sendOptions: { skipPreflight: true, maxRetries: 2 } });
    expect(typeof (request.params as { transaction: unknown }).transaction).toBe('string');
  });

  it('refuses bad input before asking the wallet, and chains the session did not approve', async () => {
    const { wallet, dapp, session } = await pair();
    const p = provider(dapp, session);
    const me = wallet.solana.address;
    expect((await failure(p.signMessage('0x1234', new Uint8Array([1])))).shortMessage).toBe('Not a Solana address: 0x1234');
    expect((await failure(p.signTransaction(me, new Uint8Array([1, 2, 3]), 'solana:localnet'))).shortMessage).toBe(
      'Not a serialized Solana transaction',
    );
    const notMine = transfer(OTHER.publicKey.toBase58());
    expect((await failure(p.signTransaction(me, notMine, 'solana:localnet'))).shortMessage).toBe(
      `${me} is not a signer of this transaction`,
    );
    const unapproved = await failure(p.signTransaction(me, transfer(me), 'solana:mainnet'));
    expect(unapproved).toBeInstanceOf(ChainDisconnectedError);
    expect(unapproved.messageCode).toBe('ChainNotSupportedError');
    expect(wallet.requests).toEqual([]);
  });

  it('a request the wallet holds is pending until answered; the end of the provider fails it', async () => {
    const { wallet, dapp, session } = await pair();
    wallet.setMode('hang');
    const seen: (string | undefined)[] = [];
    const p = provider(dapp, session, LOCAL, (pending) => seen.push(pending?.method));
    const hung = failure(p.signMessage(wallet.solana.address, new Uint8Array([7])));
    await until(() => wallet.pendingRequests().length === 1, 'the request reaching the wallet');
    expect(seen).toEqual(['solana_signMessage']);
    p.end();
    expect(await hung).toBeInstanceOf(ProviderDisconnectedError);
    expect(seen).toEqual(['solana_signMessage', undefined]);
    expect(await p.connect({ silent: true })).toEqual([]);
    await wallet.rejectPending();
  });
});

describe('WalletConnect Solana provider: account changes', () => {
  it('follows session updates and accountsChanged events; the session deleted is an empty list', async () => {
    const { wallet, dapp, session } = await pair();
    const p = provider(dapp, session);
    const seen: string[][] = [];
    p.onAccountsChanged((accounts) => seen.push(accounts));
    const other = OTHER.publicKey.toBase58();

    await wallet.updateSession({
      ...wallet.sessions()[0]!.namespaces,
      solana: {
        chains: [LOCAL],
        accounts: [`${LOCAL}:${other}`, `${LOCAL}:${wallet.solana.address}`],
        methods: [],
        events: ['accountsChanged'],
      },
    });
    await until(() => seen.length === 1, 'the session update');
    expect(seen[0]).toEqual([other, wallet.solana.address]);
    expect(await p.connect({ silent: true })).toEqual([other, wallet.solana.address]);

    await wallet.emitSolanaAccountsChanged([wallet.solana.address, 'not an address']);
    await until(() => seen.length === 2, 'the accountsChanged event');
    expect(seen[1]).toEqual([wallet.solana.address]);

    // eip155's accountsChanged is not the solana provider's.
    await wallet.emitAccountsChanged();
    await wallet.disconnect();
    await until(() => seen.length === 3, 'the session delete');
    expect(seen[2]).toEqual([]);
    expect(p.isClosed).toBe(true);
    expect(await failure(p.signMessage(wallet.solana.address, new Uint8Array([1])))).toBeInstanceOf(ProviderDisconnectedError);
  });
});

describe('WalletConnect Solana provider: sending on the local SVM', () => {
  let svm: RunningSvm;
  let connection: Connection;

  beforeAll(async () => {
    svm = await startSvmServer({ port: 0, onError: () => undefined });
    connection = new Connection(svm.url, 'confirmed');
  });
  afterAll(() => svm?.close());

  async function fund(address: string): Promise<void> {
    const signature = await connection.requestAirdrop(new PublicKey(address), 2 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');
  }

  async function transferOnChain(
    from: string,
    lamports: number,
  ): Promise<{ bytes: Uint8Array; blockhash: string; lastValidBlockHeight: number }> {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: new PublicKey(from), blockhash, lastValidBlockHeight }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: OTHER.publicKey, lamports }),
    );
    return {
      bytes: new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false })),
      blockhash,
      lastValidBlockHeight,
    };
  }

  it('solana_signAndSendTransaction: the wallet signs and sends, the receiver gets the lamports, the signature is the transaction id', async () => {
    const { wallet, dapp, session } = await pair({ solana: { rpcUrl: svm.url } });
    const me = wallet.solana.address;
    await fund(me);
    const before = await connection.getBalance(OTHER.publicKey);
    const { bytes, blockhash, lastValidBlockHeight } = await transferOnChain(me, 10_000_000);
    const signature = await provider(dapp, session).signAndSendTransaction!(me, bytes, 'solana:localnet', {
      preflightCommitment: 'confirmed',
    });
    const id = bs58.encode(signature);
    await connection.confirmTransaction({ signature: id, blockhash, lastValidBlockHeight }, 'confirmed');
    expect(await connection.getBalance(OTHER.publicKey)).toBe(before + 10_000_000);
    const message = VersionedTransaction.deserialize(bytes).message.serialize();
    expect(ed25519.verify(signature, message, new PublicKey(me).toBytes())).toBe(true);
  });

  it('solana_signTransaction: the signed transaction, sent by the app, is accepted by the chain', async () => {
    const { wallet, dapp, session } = await pair({ solana: { signTransactionReply: 'signature' } });
    const me = wallet.solana.address;
    await fund(me);
    const before = await connection.getBalance(OTHER.publicKey);
    const { bytes, blockhash, lastValidBlockHeight } = await transferOnChain(me, 3_000_000);
    const signed = await provider(dapp, session).signTransaction(me, bytes, 'solana:localnet');
    const id = await connection.sendRawTransaction(signed);
    await connection.confirmTransaction({ signature: id, blockhash, lastValidBlockHeight }, 'confirmed');
    expect(await connection.getBalance(OTHER.publicKey)).toBe(before + 3_000_000);
  });
});
