/**
 * The local chain's time: one slot (and one block: no slot is skipped, so slot = block height)
 * every 400 ms like a real cluster, plus one whenever a transaction must land in a new block.
 * Each block has a blockhash derived from the genesis hash and its height; a blockhash stays
 * valid for 150 blocks (`lastValidBlockHeight`), so a transaction that never lands expires
 * after about a minute and `confirmTransaction` with the blockhash strategy gives up.
 */
import { createHash } from 'node:crypto';
import { base58Encode as encodeBase58 } from '../../../src/wire/base58.js';

export const SLOT_MS = 400;
/** Blocks a blockhash stays valid for after its own (a node's MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY = 150;

export class SlotClock {
  private readonly startedAt: number;
  private bumps = 0;
  private readonly hashes = new Map<number, string>();

  constructor(
    private readonly genesisHash: string,
    /** The height the chain had when it last stopped (0 for a new chain). */
    private readonly baseHeight = 0,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  /** The current block height (and slot). */
  height(): number {
    return this.baseHeight + Math.floor((this.now() - this.startedAt) / SLOT_MS) + this.bumps;
  }

  /** Starts a new block now (e.g. so a repeated airdrop gets a new blockhash). */
  bump(): void {
    this.bumps++;
  }

  blockhashAt(height: number): string {
    let hash = this.hashes.get(height);
    if (!hash) {
      hash = encodeBase58(createHash('sha256').update(`w3kit-svm:${this.genesisHash}:${height}`).digest());
      this.hashes.set(height, hash);
      for (const h of this.hashes.keys()) if (h < height - BLOCKHASH_VALIDITY - 1) this.hashes.delete(h);
    }
    return hash;
  }

  latest(): { blockhash: string; lastValidBlockHeight: number; height: number } {
    const height = this.height();
    return { blockhash: this.blockhashAt(height), lastValidBlockHeight: height + BLOCKHASH_VALIDITY, height };
  }

  /** Whether a transaction with this blockhash may still land. */
  isValid(blockhash: string): boolean {
    const height = this.height();
    for (let h = height; h >= Math.max(0, height - BLOCKHASH_VALIDITY); h--) if (this.blockhashAt(h) === blockhash) return true;
    return false;
  }
}
