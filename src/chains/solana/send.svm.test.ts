/**
 * The Solana adapter against the real local SVM (server/src/svm) and the Wallet Standard test
 * wallet: SOL and SPL sends through both paths (the wallet's signAndSendTransaction, and
 * signTransaction plus our own send), the instance API's sendTransaction, balances, fees,
 * rejections, malformed replies, and a node that stops mid-send (through a counting proxy).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSvmServer, type RunningSvm } from '../../../server/src/svm/server.js';
import { createSolanaTestWallet, type SolanaTestWallet } from '../../../test/fixtures/solana-wallet.js';
import { ChainRequestError, UserRejectedRequestError, WalletRequestError } from '../../core/errors.js';
import { networks, type Network } from '../../wire/networks.js';
import { solanaAdapter } from './adapter.js';
import type { SolanaProvider } from './provider.js';
import { wrapStandardWallet } from './wallet-standard.js';

let svm: RunningSvm;
let connection: Connection;
let network: Network;
let seed = 40;

const networkAt = (url: string): Network => ({ ...networks.solanaLocal, rpcUrls: { default: { http: [url] } } });

async function airdrop(to: PublicKey, sol: number): Promise<void> {
  const signature = await connection.requestAirdrop(to, sol * LAMPORTS_PER_SOL);
  await solanaAdapter.waitForTransaction(network, signature);
}

/** A connected, funded test wallet and its provider. */
async function connected(
  options: Parameters<typeof createSolanaTestWallet>[0] = {},
): Promise<{ test: SolanaTestWallet; provider: SolanaProvider }> {
  const test = createSolanaTestWallet({
    storageKey: false,
    rpcUrl: svm.url,
    seed: (seed++).toString(16).padStart(2, '0').repeat(32),
    ...options,
  });
  const provider = wrapStandardWallet(test.wallet, test.wallet.name);
  await solanaAdapter.connect(provider, network);
  await airdrop(new PublicKey(test.address), 10);
  return { test, provider };
}

const lamports = async (address: string | PublicKey): Promise<number> => connection.getBalance(new PublicKey(address), 'confirmed');
const fresh = (): string => Keypair.generate().publicKey.toBase58();

beforeAll(async () => {
  vi.stubGlobal('window', new EventTarget());
  svm = await startSvmServer({ port: 0, onError: () => undefined });
  connection = new Connection(svm.url, { commitment: 'confirmed', wsEndpoint: svm.wsUrl });
  network = networkAt(svm.url);
});
afterAll(() => svm?.close());

describe('SOL', () => {
  it('reads the balance in whole SOL, exact', async () => {
    const { test } = await connected();
    expect(await solanaAdapter.readNativeBalance(network, test.address)).toBe('10');
    expect(await solanaAdapter.readNativeBalance(network, fresh())).toBe('0');
  });

  it.each([
    ['signAndSendTransaction', true],
    ['signTransaction and our send', false],
  ])('sendTransfer moves SOL through %s', async (_path, signAndSend) => {
    const { test, provider } = await connected({ signAndSend });
    const to = fresh();
    const signature = await solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 1_500_000_000n }, network);
    expect(solanaAdapter.isTransactionId(signature)).toBe(true);
    expect(await solanaAdapter.waitForTransaction(network, signature)).toBe('success');
    expect(await lamports(to)).toBe(1_500_000_000);
    expect(await solanaAdapter.readNativeBalance(network, to)).toBe('1.5');
    expect(test.requests.at(-1)).toBe(signAndSend ? 'solana:signAndSendTransaction' : 'solana:signTransaction');
    expect(test.sent).toEqual(signAndSend ? [signature] : []);
    expect((await connection.getSignatureStatuses([signature])).value[0]?.err).toBeNull();
  });

  it("a transaction that fails on chain (sent without preflight) is 'reverted'", async () => {
    const { test, provider } = await connected();
    const signature = await solanaAdapter.sendTransaction(
      provider,
      test.address,
      { to: fresh(), value: 100n * BigInt(LAMPORTS_PER_SOL) },
      network,
      {
        skipPreflight: true,
      },
    );
    expect(await solanaAdapter.waitForTransaction(network, signature, 10_000)).toBe('reverted');
  });

  it('estimates the fee of a SOL transfer from the node', async () => {
    const { test } = await connected();
    expect(await solanaAdapter.estimateTransferFee!(network, test.address, { to: fresh(), amount: 1n })).toBe(5000n);
  });
});

describe('instance sendTransaction', () => {
  it.each([['1000000'], [1_000_000], [1_000_000n]])('{ to, value: %o } sends that many lamports', async (value) => {
    const { test, provider } = await connected();
    const to = fresh();
    const signature = await solanaAdapter.sendTransaction(provider, test.address, { to, value }, network, {
      preflightCommitment: 'confirmed',
      maxRetries: 0,
    });
    await solanaAdapter.waitForTransaction(network, signature);
    expect(await lamports(to)).toBe(1_000_000);
  });

  it('takes a Transaction (fee payer and blockhash filled in), a VersionedTransaction and serialized bytes', async () => {
    const { test, provider } = await connected({ signAndSend: false });
    const from = new PublicKey(test.address);
    const to = Keypair.generate().publicKey;
    const transfer = (n: number) => SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: n });
    const legacy = new Transaction().add(transfer(1_000_000));
    await solanaAdapter.waitForTransaction(network, await solanaAdapter.sendTransaction(provider, test.address, legacy, network));
    const { blockhash } = await connection.getLatestBlockhash();
    const versioned = new VersionedTransaction(
      new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(transfer(2_000_000)).compileMessage(),
    );
    await solanaAdapter.waitForTransaction(
      network,
      await solanaAdapter.sendTransaction(provider, test.address, versioned, network, { skipPreflight: true }),
    );
    const bytes = new Transaction({ feePayer: from, recentBlockhash: blockhash })
      .add(transfer(3_000_000))
      .serialize({ requireAllSignatures: false });
    await solanaAdapter.waitForTransaction(
      network,
      await solanaAdapter.sendTransaction(provider, test.address, Uint8Array.from(bytes), network),
    );
    expect(await lamports(to)).toBe(6_000_000);
  });
});

describe('SPL tokens', () => {
  it.each([
    ['Token', TOKEN_PROGRAM_ID],
    ['Token-2022', TOKEN_2022_PROGRAM_ID],
  ])("sendTransfer of a %s mint creates the receiver's token account, then reuses it", async (_name, programId) => {
    const { test, provider } = await connected();
    const authority = Keypair.generate();
    await airdrop(authority.publicKey, 5);
    const mint = await createMint(connection, authority, authority.publicKey, null, 6, undefined, undefined, programId);
    const source = await getOrCreateAssociatedTokenAccount(
      connection,
      authority,
      mint,
      new PublicKey(test.address),
      false,
      undefined,
      undefined,
      programId,
    );
    await mintTo(connection, authority, mint, source.address, authority, 5_000_000n, [], undefined, programId);
    const token = { address: mint.toBase58(), decimals: 6 };
    expect(await solanaAdapter.readTokenBalances!(network, test.address)).toEqual([
      { address: mint.toBase58(), amount: '5000000', decimals: 6 },
    ]);

    const to = fresh();
    const fee = await solanaAdapter.estimateTransferFee!(network, test.address, { to, amount: 1n, token });
    const rent = await connection.getMinimumBalanceForRentExemption(programId.equals(TOKEN_PROGRAM_ID) ? 165 : 170);
    expect(fee).toBe(5000n + BigInt(rent));

    await solanaAdapter.waitForTransaction(
      network,
      await solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 1_250_000n, token }, network),
    );
    await solanaAdapter.waitForTransaction(
      network,
      await solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 250_000n, token }, network),
    );
    expect(await solanaAdapter.readTokenBalances!(network, to)).toEqual([{ address: mint.toBase58(), amount: '1500000', decimals: 6 }]);
    expect(await solanaAdapter.readTokenBalances!(network, test.address)).toEqual([
      { address: mint.toBase58(), amount: '3500000', decimals: 6 },
    ]);
    await expect(
      solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 1n, token: { ...token, decimals: 9 } }, network),
    ).rejects.toMatchObject({
      messageCode: 'InvalidInput',
      details: expect.stringContaining('6 decimals'),
    });
    await expect(
      solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 1n, token: { address: to, decimals: 6 } }, network),
    ).rejects.toMatchObject({
      messageCode: 'InvalidInput',
    });
  });
});

describe('refusals and bad replies', () => {
  it.each([true, false])('a rejected send (signAndSend: %s) is UserRejectedRequestError 4001 and sends nothing', async (signAndSend) => {
    const { test, provider } = await connected({ signAndSend, mode: 'approve' });
    test.setMode('reject');
    const to = fresh();
    const err = await solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 1000n }, network).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserRejectedRequestError);
    expect(err).toMatchObject({ code: 4001 });
    expect(await lamports(to)).toBe(0);
  });

  it.each([true, false])('a malformed reply (signAndSend: %s) is a typed error and sends nothing', async (signAndSend) => {
    const { test, provider } = await connected({ signAndSend });
    test.setMode('garbage');
    const to = fresh();
    const err = await solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 1000n }, network).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalletRequestError);
    expect(err).toMatchObject({ code: 'MALFORMED_REPLY' });
    expect(await lamports(to)).toBe(0);
  });

  it('a transaction whose signature does not verify is refused before it is sent', async () => {
    const { test, provider } = await connected({ signAndSend: false });
    const forged: SolanaProvider = {
      ...provider,
      signAndSendTransaction: undefined,
      async signTransaction(_address, transaction) {
        const tx = VersionedTransaction.deserialize(transaction);
        tx.signatures[0] = new Uint8Array(64).fill(1);
        return tx.serialize();
      },
    };
    const to = fresh();
    await expect(solanaAdapter.sendTransfer!(forged, test.address, { to, amount: 1000n }, network)).rejects.toMatchObject({
      code: 'MALFORMED_REPLY',
    });
    expect(await lamports(to)).toBe(0);
  });
});

/** A proxy in front of the SVM that counts sendTransaction requests and can stop answering. */
async function proxy(
  target: string,
): Promise<{ url: string; sends: () => number; mode: (m: 'up' | 'down' | 'drop-reply-after-send') => void; close: () => Promise<void> }> {
  let mode: 'up' | 'down' | 'drop-reply-after-send' = 'up';
  let sends = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const method = (JSON.parse(body) as { method?: string }).method;
      if (method === 'sendTransaction') sends++;
      if (mode === 'down') return req.socket.destroy();
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => {
        const text = await r.text();
        if (mode === 'drop-reply-after-send' && method === 'sendTransaction') return req.socket.destroy();
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(text);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sends: () => sends,
    mode: (m) => void (mode = m),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('a node that stops', () => {
  it('before the send: a clear error naming the node, and the wallet is not asked', async () => {
    const { test, provider } = await connected({ signAndSend: false });
    const p = await proxy(svm.url);
    p.mode('down');
    const asked = test.requests.length;
    const err = await solanaAdapter.sendTransfer!(provider, test.address, { to: fresh(), amount: 1n }, networkAt(p.url)).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ChainRequestError);
    expect(err).toMatchObject({
      shortMessage: 'HTTP request failed',
      messageCode: 'ChainHttpFailed',
      details: expect.stringContaining(p.url),
    });
    expect(test.requests.length).toBe(asked);
    expect(p.sends()).toBe(0);
    await expect(solanaAdapter.readNativeBalance(networkAt(p.url), test.address)).rejects.toBeInstanceOf(ChainRequestError);
    await p.close();
  });

  it('mid-send: the send fails clearly, is made once, and the SOL moves at most once', async () => {
    const { test, provider } = await connected({ signAndSend: false });
    const p = await proxy(svm.url);
    const slow: SolanaProvider = {
      ...provider,
      async signTransaction(address, transaction, chain) {
        const signed = await provider.signTransaction(address, transaction, chain);
        p.mode('down');
        return signed;
      },
    };
    const to = fresh();
    await expect(solanaAdapter.sendTransfer!(slow, test.address, { to, amount: 1_000_000n }, networkAt(p.url))).rejects.toMatchObject({
      messageCode: 'ChainHttpFailed',
    });
    expect(p.sends()).toBe(1);
    expect(await lamports(to)).toBe(0);

    p.mode('drop-reply-after-send');
    await expect(solanaAdapter.sendTransfer!(provider, test.address, { to, amount: 1_000_000n }, networkAt(p.url))).rejects.toBeInstanceOf(
      ChainRequestError,
    );
    expect(p.sends()).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await lamports(to)).toBe(1_000_000);
    await p.close();
  });

  it('waitForTransaction gives up quietly on a node that is gone', async () => {
    const p = await proxy(svm.url);
    p.mode('down');
    const sig = '1'.repeat(64);
    const { waitForSignature } = await import('./balances.js');
    const started = Date.now();
    await expect(waitForSignature(networkAt(p.url), sig, 200, 20)).resolves.toBe('unknown');
    await expect(solanaAdapter.waitForTransaction(networkAt(p.url), sig, 100)).resolves.toBe('unknown');
    expect(Date.now() - started).toBeLessThan(2000);
    await p.close();
  });
});
