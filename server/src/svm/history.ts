/**
 * The transactions the local chain processed, newest last, bounded (the oldest go first): what
 * getSignatureStatuses, getSignaturesForAddress and getTransaction read, and what stops the same
 * transaction from being applied twice while its blockhash is valid.
 */
import type { TxError } from './errors.js';

export interface TokenBalanceRecord {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: string;
  decimals: number;
}

export interface TxRecord {
  signature: string;
  slot: number;
  /** Unix seconds. */
  blockTime: number;
  /** The transaction's wire bytes, base64. */
  wire: string;
  /** Its static account keys (base58), in message order. */
  accountKeys: string[];
  err: TxError | null;
  fee: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalanceRecord[];
  postTokenBalances: TokenBalanceRecord[];
  logs: string[];
  computeUnits: number;
  version: 'legacy' | 0;
}

export const DEFAULT_HISTORY_LIMIT = 10_000;

export class TxHistory {
  private readonly bySignature = new Map<string, TxRecord>();

  constructor(private readonly limit = DEFAULT_HISTORY_LIMIT) {}

  add(record: TxRecord): void {
    this.bySignature.set(record.signature, record);
    while (this.bySignature.size > this.limit) this.bySignature.delete(this.bySignature.keys().next().value!);
  }

  get(signature: string): TxRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** Newest first, those whose accounts include `address`, after `before` and down to (not including) `until`. */
  forAddress(address: string, { limit, before, until }: { limit: number; before?: string; until?: string }): TxRecord[] {
    const all = [...this.bySignature.values()];
    let end = all.length;
    if (before !== undefined) {
      const at = all.findIndex((r) => r.signature === before);
      if (at >= 0) end = at;
    }
    const out: TxRecord[] = [];
    for (let i = end - 1; i >= 0 && out.length < limit; i--) {
      const r = all[i]!;
      if (r.signature === until) break;
      if (r.accountKeys.includes(address)) out.push(r);
    }
    return out;
  }

  all(): TxRecord[] {
    return [...this.bySignature.values()];
  }
}
