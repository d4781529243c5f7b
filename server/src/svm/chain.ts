/**
 * The local Solana chain: litesvm (with the SPL programs) behind the rules of a real node that
 * litesvm leaves out: blockhashes valid for 150 blocks, a transaction applied at most once
 * (its signature is remembered), a bounded history of what landed, airdrops as real transfers
 * from a faucet account, and the accounts every transaction touched (for saving and for token
 * accounts by owner). Listeners hear of every transaction that lands.
 */
import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { createRequire } from 'node:module';
import type * as LiteSvmModule from 'litesvm';
import { requireOptional } from '../optional-package.js';
import { LOCAL_SVM_GENESIS_HASH } from '../../../src/wire/networks.js';
import { base58Encode as encodeBase58 } from '../../../src/wire/base58.js';
import { describeTxError, invalidParams, RpcError, SEND_FAILED, SIGNATURE_FAILED, txErrorJson, type TxError } from './errors.js';
import { TxHistory, type TokenBalanceRecord, type TxRecord } from './history.js';
import { Ledger, type StoredAccount } from './ledger.js';
import { SlotClock } from './slots.js';
import { readTokenAccount, TOKEN_PROGRAMS } from './tokens.js';

// Under Node 20, litesvm's native calls soon crash the process in a V8 minor GC (std::bad_alloc in
// PretenuringHandler::ProcessPretenuringFeedback); without allocation-site pretenuring it runs fine.
setFlagsFromString('--no-allocation-site-pretenuring');
// Loaded here (not by an import statement, which the bin's bundle would hoist) so that only `svm` loads the native module.
const { FailedTransactionMetadata, LiteSVM } = requireOptional(
  ['litesvm'],
  'The local Solana chain (w3kit-server svm)',
  () => createRequire(import.meta.url)('litesvm') as typeof LiteSvmModule,
);

export const LAMPORTS_PER_SIGNATURE = 5000;
/** The most one airdrop gives: 1,000,000 SOL. */
export const AIRDROP_MAX_LAMPORTS = 1_000_000_000_000_000;
const FAUCET_LAMPORTS = 5_000_000_000_000_000;
const FAUCET = Keypair.fromSeed(createHash('sha256').update('w3kit-svm faucet').digest());

export interface ChainState {
  height: number;
  accounts: [string, StoredAccount][];
  history: TxRecord[];
}

export interface SimulationResult {
  err: TxError | null;
  logs: string[];
  unitsConsumed: number;
  returnData: { programId: string; data: [string, 'base64'] } | null;
  /** The accounts as the transaction left them (when it succeeded and they were asked for). */
  postAccounts?: Map<string, StoredAccount>;
}

/** A transaction that landed, with the accounts it could write. */
export type LandedListener = (record: TxRecord, writable: readonly string[]) => void;

export class SvmChain {
  readonly genesisHash = LOCAL_SVM_GENESIS_HASH;
  readonly clock: SlotClock;
  readonly history: TxHistory;
  readonly ledger: Ledger;
  private readonly svm: LiteSvmModule.LiteSVM;
  private readonly listeners = new Set<LandedListener>();
  private clockHeight = -1;

  constructor({ state, historyLimit, now = Date.now }: { state?: ChainState; historyLimit?: number; now?: () => number } = {}) {
    this.svm = new LiteSVM().withBlockhashCheck(false).withSigverify(true);
    this.ledger = new Ledger(this.svm);
    this.history = new TxHistory(historyLimit);
    this.clock = new SlotClock(this.genesisHash, state?.height ?? 0, now);
    for (const [address, account] of state?.accounts ?? []) this.ledger.set(address, account);
    for (const record of state?.history ?? []) this.history.add(record);
  }

  onLanded(listener: LandedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): ChainState {
    return { height: this.clock.height(), accounts: this.ledger.entries(), history: this.history.all() };
  }

  minimumBalanceForRentExemption(dataLength: number): number {
    return Number(this.svm.minimumBalanceForRentExemption(BigInt(dataLength)));
  }

  private syncClock(): void {
    const height = this.clock.height();
    if (height === this.clockHeight) return;
    const clock = this.svm.getClock();
    clock.slot = BigInt(height);
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(clock);
    this.clockHeight = height;
  }

  /** Runs a transaction without keeping its effects. */
  simulate(tx: VersionedTransaction, { sigVerify = false, checkBlockhash = true, withAccounts = false } = {}): SimulationResult {
    if (checkBlockhash && !this.clock.isValid(tx.message.recentBlockhash)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0, returnData: null };
    }
    this.syncClock();
    this.svm.withSigverify(sigVerify);
    try {
      const result = this.svm.simulateTransaction(tx);
      const failed = result instanceof FailedTransactionMetadata;
      const meta = result.meta();
      const ret = meta.returnData();
      const data = ret.data();
      const postAccounts =
        withAccounts && !failed
          ? new Map(
              result.postAccounts().map(([key, a]): [string, StoredAccount] => [
                key.toBase58(),
                {
                  lamports: a.lamports(),
                  owner: encodeBase58(a.owner()),
                  data: a.data(),
                  executable: a.executable(),
                  rentEpoch: a.rentEpoch(),
                },
              ]),
            )
          : undefined;
      return {
        ...(postAccounts ? { postAccounts } : {}),
        err: failed ? txErrorJson(result) : null,
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        returnData: data.length
          ? { programId: encodeBase58(ret.programId()), data: [Buffer.from(data).toString('base64'), 'base64'] }
          : null,
      };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** Applies a transaction (wire bytes) once; resolves to its signature or throws the node's error. */
  send(wire: Uint8Array, { skipPreflight = false } = {}): string {
    let tx: VersionedTransaction;
    try {
      tx = VersionedTransaction.deserialize(wire);
    } catch (err) {
      throw invalidParams(`failed to deserialize the transaction: ${(err as Error).message}`);
    }
    const signature = encodeBase58(tx.signatures[0] ?? new Uint8Array());
    if (!tx.signatures.length || tx.signatures[0]!.every((b) => b === 0))
      throw new RpcError(SIGNATURE_FAILED, 'Transaction signature verification failure');
    const failure = (err: TxError, logs: string[] = []) =>
      new RpcError(SEND_FAILED, `Transaction simulation failed: ${describeTxError(err)}`, {
        err,
        logs,
        accounts: null,
        unitsConsumed: 0,
        returnData: null,
      });
    if (this.history.get(signature)) {
      if (skipPreflight) return signature;
      throw failure('AlreadyProcessed');
    }
    if (!this.clock.isValid(tx.message.recentBlockhash)) throw failure('BlockhashNotFound');
    if (!skipPreflight) {
      const sim = this.simulate(tx, { sigVerify: true, checkBlockhash: false });
      if (sim.err === 'SignatureFailure') throw new RpcError(SIGNATURE_FAILED, 'Transaction signature verification failure');
      if (sim.err) throw failure(sim.err, sim.logs);
    }
    return this.execute(tx, wire, signature, failure);
  }

  private execute(tx: VersionedTransaction, wire: Uint8Array, signature: string, failure: (err: TxError) => RpcError): string {
    const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
    const before = keys.map((k) => this.ledger.get(k));
    this.syncClock();
    const result: LiteSvmModule.TransactionMetadata | LiteSvmModule.FailedTransactionMetadata = this.svm.sendTransaction(tx);
    const after = keys.map((k) => this.ledger.get(k));
    const failed = result instanceof FailedTransactionMetadata;
    const err = failed ? txErrorJson(result) : null;
    // A transaction whose fee was not charged never landed (bad signature, unknown fee payer, ...).
    if (err && before[0]?.lamports === after[0]?.lamports) {
      if (err === 'SignatureFailure') throw new RpcError(SIGNATURE_FAILED, 'Transaction signature verification failure');
      throw failure(err);
    }
    const meta = failed ? result.meta() : result;
    const header = tx.message.header;
    const record: TxRecord = {
      signature,
      slot: this.clock.height(),
      blockTime: Math.floor(Date.now() / 1000),
      wire: Buffer.from(wire).toString('base64'),
      accountKeys: keys,
      err,
      fee: header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE,
      preBalances: before.map((a) => Number(a?.lamports ?? 0n)),
      postBalances: after.map((a) => Number(a?.lamports ?? 0n)),
      preTokenBalances: this.tokenBalances(before),
      postTokenBalances: this.tokenBalances(after),
      logs: meta.logs(),
      computeUnits: Number(meta.computeUnitsConsumed()),
      version: tx.version,
    };
    this.history.add(record);
    this.ledger.touched(keys);
    const writable = keys.filter((_, i) => tx.message.isAccountWritable(i));
    for (const listener of this.listeners) listener(record, writable);
    return signature;
  }

  private tokenBalances(accounts: (StoredAccount | undefined)[]): TokenBalanceRecord[] {
    const out: TokenBalanceRecord[] = [];
    accounts.forEach((account, accountIndex) => {
      if (!account || !TOKEN_PROGRAMS.has(account.owner)) return;
      const token = readTokenAccount(account.data);
      const decimals = token && this.ledger.decimalsOf(token.mint);
      if (!token || decimals === undefined) return;
      out.push({ accountIndex, mint: token.mint, owner: token.owner, programId: account.owner, amount: token.amount.toString(), decimals });
    });
    return out;
  }

  /** Sends `lamports` from the faucet to `address` as a real transfer; resolves to its signature. */
  airdrop(address: PublicKey, lamports: number): string {
    const faucet = FAUCET.publicKey.toBase58();
    if ((this.ledger.get(faucet)?.lamports ?? 0n) < BigInt(FAUCET_LAMPORTS / 2)) {
      this.ledger.set(faucet, {
        lamports: BigInt(FAUCET_LAMPORTS),
        owner: SystemProgram.programId.toBase58(),
        data: new Uint8Array(),
        executable: false,
        rentEpoch: 0n,
      });
    }
    for (;;) {
      const tx = new Transaction({ feePayer: FAUCET.publicKey, ...this.blockhashInfo() }).add(
        SystemProgram.transfer({ fromPubkey: FAUCET.publicKey, toPubkey: address, lamports }),
      );
      tx.sign(FAUCET);
      const signature = encodeBase58(tx.signature!);
      // The same airdrop again in the same block would be the same transaction: take a new block.
      if (this.history.get(signature)) {
        this.clock.bump();
        continue;
      }
      return this.send(tx.serialize());
    }
  }

  private blockhashInfo() {
    const { blockhash, lastValidBlockHeight } = this.clock.latest();
    return { blockhash, lastValidBlockHeight };
  }
}
