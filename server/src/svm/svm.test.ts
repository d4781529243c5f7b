/** The local SVM driven by an unmodified @solana/web3.js Connection and @solana/spl-token, over HTTP and the websocket. */
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo, transferChecked, TOKEN_PROGRAM_ID, getAccount } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SVM_GENESIS_HASH } from '../../../src/wire/networks.js';
import { startSvmServer, type RunningSvm } from './server.js';

let svm: RunningSvm;
let connection: Connection;

async function funded(sol = 10): Promise<Keypair> {
  const kp = Keypair.generate();
  const signature = await connection.requestAirdrop(kp.publicKey, sol * LAMPORTS_PER_SOL);
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, ...latest });
  return kp;
}

beforeAll(async () => {
  svm = await startSvmServer({ port: 0, onError: () => undefined });
  connection = new Connection(svm.url, { commitment: 'confirmed', wsEndpoint: svm.wsUrl });
});
afterAll(() => svm.close());

describe('local SVM with a real Connection', () => {
  it('reports the fixed genesis hash, a version and the websocket on port + 1 when free', async () => {
    expect(await connection.getGenesisHash()).toBe(LOCAL_SVM_GENESIS_HASH);
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(svm.wsPort).toBe(svm.port + 1);
  });

  it('airdrops to any address and reads the balance back', async () => {
    const kp = await funded(3);
    expect(await connection.getBalance(kp.publicKey)).toBe(3 * LAMPORTS_PER_SOL);
    const info = await connection.getAccountInfo(kp.publicKey);
    expect(info?.owner.equals(SystemProgram.programId)).toBe(true);
  });

  it('sends SOL with sendAndConfirmTransaction (confirmed over the websocket) and records it', async () => {
    const from = await funded(5);
    const to = Keypair.generate().publicKey;
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL }));
    const signature = await sendAndConfirmTransaction(connection, tx, [from]);
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL);
    expect(await connection.getBalance(from.publicKey)).toBe(4 * LAMPORTS_PER_SOL - 5000);

    const sigs = await connection.getSignaturesForAddress(to);
    expect(sigs.map((s) => s.signature)).toEqual([signature]);
    expect(sigs[0]!.err).toBeNull();
    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(fetched?.meta?.fee).toBe(5000);
    expect(fetched?.meta?.postBalances[1]).toBe(LAMPORTS_PER_SOL);
    expect(fetched?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toContain(to.toBase58());
    const status = await connection.getSignatureStatus(signature);
    expect(status.value?.confirmationStatus).toBe('finalized');
  });

  it('applies the same transaction once: a resend is refused as AlreadyProcessed, or answered with its signature when skipping preflight', async () => {
    const from = await funded(2);
    const to = Keypair.generate().publicKey;
    const latest = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: from.publicKey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 2 }),
    );
    tx.sign(from);
    const wire = tx.serialize();
    const signature = await connection.sendRawTransaction(wire);
    await connection.confirmTransaction({ signature, ...latest });
    await expect(connection.sendRawTransaction(wire)).rejects.toThrow(/already been processed|AlreadyProcessed/);
    expect(await connection.sendRawTransaction(wire, { skipPreflight: true })).toBe(signature);
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL / 2);
  });

  it('refuses a transaction with an unknown blockhash, and a blockhash reports its validity', async () => {
    const from = await funded(1);
    const bogus = Keypair.generate().publicKey.toBase58();
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: bogus }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL / 2 }),
    );
    tx.sign(from);
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(/BlockhashNotFound/);
    expect((await connection.isBlockhashValid(bogus)).value).toBe(false);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true);
    const height = await connection.getBlockHeight();
    expect(lastValidBlockHeight - 150).toBeLessThanOrEqual(height);
    expect(lastValidBlockHeight - 150).toBeGreaterThan(height - 5);
  });

  it('mints an SPL token, transfers it with transferChecked and lists token accounts by owner, raw and parsed', async () => {
    const payer = await funded(10);
    const receiver = Keypair.generate();
    const mint = await createMint(connection, payer, payer.publicKey, null, 6);
    const source = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey);
    await mintTo(connection, payer, mint, source.address, payer, 5_000_000n);
    const target = await getOrCreateAssociatedTokenAccount(connection, payer, mint, receiver.publicKey);
    const signature = await transferChecked(connection, payer, source.address, mint, target.address, payer, 1_250_000n, 6);

    expect((await getAccount(connection, target.address)).amount).toBe(1_250_000n);
    const raw = await connection.getTokenAccountsByOwner(receiver.publicKey, { mint });
    expect(raw.value.map((a) => a.pubkey.toBase58())).toEqual([target.address.toBase58()]);
    const parsed = await connection.getParsedTokenAccountsByOwner(payer.publicKey, { programId: TOKEN_PROGRAM_ID });
    const info = parsed.value[0]!.account.data.parsed.info;
    expect(info.mint).toBe(mint.toBase58());
    expect(info.tokenAmount).toEqual({ amount: '3750000', decimals: 6, uiAmount: 3.75, uiAmountString: '3.75' });
    expect((await connection.getTokenAccountBalance(target.address)).value.uiAmountString).toBe('1.25');
    const parsedMint = await connection.getParsedAccountInfo(mint);
    expect((parsedMint.value?.data as { parsed: { info: { decimals: number } } }).parsed.info.decimals).toBe(6);

    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(fetched?.meta?.postTokenBalances?.find((b) => b.owner === receiver.publicKey.toBase58())?.uiTokenAmount.amount).toBe('1250000');
    expect(
      (await connection.getMultipleAccountsInfo([mint, target.address, receiver.publicKey])).map((a) => a?.data.length ?? null),
    ).toEqual([82, 165, null]);
  });

  it('notifies account subscribers when a transaction writes the account', async () => {
    const from = await funded(2);
    const to = Keypair.generate().publicKey;
    const seen = new Promise<number>((resolve) => {
      const id = connection.onAccountChange(to, (account) => {
        void connection.removeAccountChangeListener(id);
        resolve(account.lamports);
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL })),
      [from],
    );
    expect(await seen).toBe(LAMPORTS_PER_SOL);
  });

  it('gives fees, rent and simulations as a node does', async () => {
    const from = await funded(1);
    const latest = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: from.publicKey, ...latest }).add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: new PublicKey(Keypair.generate().publicKey),
        lamports: 2 * LAMPORTS_PER_SOL,
      }),
    );
    expect((await connection.getFeeForMessage(tx.compileMessage())).value).toBe(5000);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2039280);
    const sim = await connection.simulateTransaction(tx);
    expect(sim.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    const to = Keypair.generate().publicKey;
    const ok = new Transaction({ feePayer: from.publicKey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 4 }),
    );
    ok.sign(from);
    const okSim = await connection.simulateTransaction(ok, [from], [to]);
    expect(okSim.value.err).toBeNull();
    expect(okSim.value.accounts?.[0]?.lamports).toBe(LAMPORTS_PER_SOL / 4);
    expect(sim.value.logs?.join('\n')).toMatch(/insufficient lamports/);
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('lands a transaction whose instruction fails with its error and fee, and refuses a bad signature', async () => {
    const from = await funded(1);
    const latest = await connection.getLatestBlockhash();
    const tooMuch = new Transaction({ feePayer: from.publicKey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 2 * LAMPORTS_PER_SOL }),
    );
    tooMuch.sign(from);
    const signature = await connection.sendRawTransaction(tooMuch.serialize(), { skipPreflight: true });
    const status = (await connection.getSignatureStatus(signature)).value;
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);

    const forged = new Transaction({ feePayer: from.publicKey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 }),
    );
    forged.addSignature(from.publicKey, Buffer.alloc(64, 7));
    for (const skipPreflight of [false, true]) {
      await expect(connection.sendRawTransaction(forged.serialize({ verifySignatures: false }), { skipPreflight })).rejects.toThrow(
        /signature verification failure/,
      );
    }
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
  });
});
