/**
 * BtcDevChain: the state of the local Bitcoin development chain (regtest; not a node: no peers,
 * no proof of work, no coinbase maturity). Blocks from the regtest genesis on, every
 * transaction by txid with its fee, which transaction spends each output, each address's
 * transactions in chain order, and the mempool (at most `mempoolMax` transactions, in arrival
 * order). `accept` validates a raw transaction (validate.ts) into the mempool; `mine` makes a
 * block of the mempool with a coinbase paying its fees to the dev miner; `fund` a block whose
 * coinbase pays addresses. `snapshot`/`restore` are what the state file holds.
 */
import { sha256x2 } from '@scure/btc-signer/utils.js';
import { DEV_MINER_KEY, REGTEST_GENESIS_HASH, REGTEST_GENESIS_TIME, addressScript, scriptAddress } from './network.js';
import { coinbaseTx, decodeTx, decodeTxHex, TxDecodeError, type DecodedTx, type TxOutput } from './transaction.js';
import { TxRefusal, validateTx, type ChainView } from './validate.js';

export interface Block {
  height: number;
  hash: string;
  time: number;
  txids: string[];
}

export interface TxEntry {
  tx: DecodedTx;
  fee: bigint;
  /** The block it is in; undefined while in the mempool. */
  height?: number;
}

/** What the state file keeps: each block's time and transactions (coinbase first), and the mempool. */
export interface ChainSnapshot {
  blocks: { time: number; txs: string[] }[];
  mempool: string[];
}

export const DEFAULT_MEMPOOL_MAX = 1000;
const reversed = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex').reverse());
const display = (bytes: Uint8Array) => Buffer.from(bytes).reverse().toString('hex');

function merkleRoot(txids: readonly string[]): Uint8Array {
  let level: Uint8Array[] = txids.map(reversed);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256x2(level[i]!, level[i + 1] ?? level[i]!));
    level = next;
  }
  return level[0]!;
}

/** The block hash of an 80-byte header (version 0x20000000, regtest bits 0x207fffff, nonce 0). */
function blockHash(prevHash: string, txids: readonly string[], time: number): string {
  const header = Buffer.alloc(80);
  header.writeUInt32LE(0x20000000, 0);
  Buffer.from(reversed(prevHash)).copy(header, 4);
  Buffer.from(merkleRoot(txids)).copy(header, 36);
  header.writeUInt32LE(time, 68);
  header.writeUInt32LE(0x207fffff, 72);
  return display(sha256x2(header));
}

export class BtcDevChain implements ChainView {
  readonly blocks: Block[] = [{ height: 0, hash: REGTEST_GENESIS_HASH, time: REGTEST_GENESIS_TIME, txids: [] }];
  private readonly txs = new Map<string, TxEntry>();
  private readonly spenders = new Map<string, string>();
  private readonly byAddress = new Map<string, string[]>();
  private mempool: string[] = [];

  constructor(private readonly options: { mempoolMax?: number; now?: () => number; onChange?: () => void } = {}) {}

  get height(): number {
    return this.blocks.length - 1;
  }

  get mempoolTxids(): readonly string[] {
    return this.mempool;
  }

  entry(txid: string): TxEntry | undefined {
    return this.txs.get(txid);
  }

  output(txid: string, vout: number): TxOutput | undefined {
    return this.txs.get(txid)?.tx.outputs[vout];
  }

  spender(txid: string, vout: number): string | undefined {
    return this.spenders.get(`${txid}:${vout}`);
  }

  where(txid: string): 'block' | 'mempool' | undefined {
    const entry = this.txs.get(txid);
    return entry === undefined ? undefined : entry.height === undefined ? 'mempool' : 'block';
  }

  /** The txids touching `address`, oldest first (mempool ones last). */
  addressTxids(address: string): readonly string[] {
    return this.byAddress.get(address) ?? [];
  }

  /** Validates raw transaction hex and puts it in the mempool; returns its txid, or throws a TxRefusal. */
  accept(hex: string): string {
    if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw new TxRefusal(-22, 'TX decode failed: the body is not hex (an even number of 0-9, a-f)');
    let tx: DecodedTx;
    try {
      tx = decodeTxHex(hex);
    } catch (err) {
      if (err instanceof TxDecodeError) throw new TxRefusal(-22, `TX decode failed: ${err.message}`);
      throw err;
    }
    const fee = validateTx(tx, this);
    const max = this.options.mempoolMax ?? DEFAULT_MEMPOOL_MAX;
    if (this.mempool.length >= max) throw new TxRefusal(-26, `mempool full: it holds ${max} transactions; wait for the next block`);
    this.index(tx, fee, undefined);
    this.mempool.push(tx.txid);
    this.options.onChange?.();
    return tx.txid;
  }

  /** Mines a block of the whole mempool; its coinbase pays the fees (and `extra` outputs) to the dev miner. */
  mine(extra: readonly TxOutput[] = []): Block {
    const fees = this.mempool.reduce((sum, txid) => sum + this.txs.get(txid)!.fee, 0n);
    const miner = { value: fees, script: addressScript(DEV_MINER_KEY.address)! };
    const coinbase = coinbaseTx(this.height + 1, extra.length && fees === 0n ? extra : [miner, ...extra]);
    const time = Math.max(Math.floor((this.options.now ?? Date.now)() / 1000), this.blocks.at(-1)!.time);
    const block = this.appendBlock(coinbase, this.mempool, time);
    this.mempool = [];
    this.options.onChange?.();
    return block;
  }

  /** Mines a block whose coinbase gives each address its sats. */
  fund(payments: readonly { address: string; sats: bigint }[]): Block {
    return this.mine(payments.map((p) => ({ value: p.sats, script: addressScript(p.address)! })));
  }

  private appendBlock(coinbase: DecodedTx, txids: readonly string[], time: number): Block {
    this.index(coinbase, 0n, this.blocks.length);
    for (const txid of txids) this.txs.get(txid)!.height = this.blocks.length;
    const all = [coinbase.txid, ...txids];
    const block = { height: this.blocks.length, hash: blockHash(this.blocks.at(-1)!.hash, all, time), time, txids: all };
    this.blocks.push(block);
    return block;
  }

  private index(tx: DecodedTx, fee: bigint, height: number | undefined): void {
    this.txs.set(tx.txid, { tx, fee, height });
    const addresses = new Set<string>();
    if (!tx.isCoinbase) {
      for (const input of tx.inputs) {
        this.spenders.set(`${input.txid}:${input.vout}`, tx.txid);
        const address = scriptAddress(this.output(input.txid, input.vout)!.script);
        if (address) addresses.add(address);
      }
    }
    for (const output of tx.outputs) {
      const address = scriptAddress(output.script);
      if (address) addresses.add(address);
    }
    for (const address of addresses) {
      const list = this.byAddress.get(address);
      if (list) list.push(tx.txid);
      else this.byAddress.set(address, [tx.txid]);
    }
  }

  snapshot(): ChainSnapshot {
    return {
      blocks: this.blocks.slice(1).map((b) => ({ time: b.time, txs: b.txids.map((txid) => this.txs.get(txid)!.tx.hex) })),
      mempool: this.mempool.map((txid) => this.txs.get(txid)!.tx.hex),
    };
  }

  /** Replays a snapshot onto this (fresh) chain; throws an Error saying what does not fit. */
  restore(snapshot: ChainSnapshot): void {
    snapshot.blocks.forEach((block, b) => {
      const [coinbaseHex, ...rest] = block.txs;
      const coinbase = decodeTxHex(coinbaseHex ?? '');
      if (!coinbase.isCoinbase) throw new Error(`block ${b + 1} does not start with a coinbase`);
      for (const hex of rest) {
        const tx = decodeTx(new Uint8Array(Buffer.from(hex, 'hex')));
        const valueIn = tx.inputs.reduce((sum, input) => {
          const prev = this.output(input.txid, input.vout);
          if (!prev || this.spender(input.txid, input.vout)) throw new Error(`block ${b + 1}: ${tx.txid} spends a missing or spent output`);
          return sum + prev.value;
        }, 0n);
        this.index(tx, valueIn - tx.outputs.reduce((sum, o) => sum + o.value, 0n), undefined);
        this.mempool.push(tx.txid);
      }
      this.appendBlock(coinbase, this.mempool, Number(block.time));
      this.mempool = [];
    });
    for (const hex of snapshot.mempool) this.accept(hex);
  }
}
