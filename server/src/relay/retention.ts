/**
 * How the relay keeps its storage cap without refusing everyone: messages nobody has fetched
 * (no client id has received them) are kept at most `unfetchedTtl` seconds, and when a publish
 * would pass `maxStoredBytes` the oldest unfetched messages of the heaviest senders (by the
 * address they came from, the quota key) are evicted first, the heaviest brought down towards
 * the next one, until the publish fits. Only when nothing unfetched is left to evict is a
 * publish refused. A message's sender address and size are columns (migration 15), so nothing
 * here reads a message's content.
 */
import type { RelayStore } from './store.js';

/** Once evicting, this fraction of the cap is freed beyond what the publish needs, so the heaviest senders are looked up rarely. */
export const EVICTION_HEADROOM = 0.01;
/** Rounds of eviction (each finds the heaviest senders again) before a publish is refused. */
const MAX_EVICTION_ROUNDS = 64;

export class RelayRetention {
  constructor(
    private readonly store: RelayStore,
    private readonly limits: { maxStoredBytes: number; unfetchedTtl: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Deletes the messages nobody has fetched within `unfetchedTtl`; returns how many. */
  async pruneUnfetched(): Promise<number> {
    const gone = await this.store.mailbox.pruneUnfetched(this.now() - this.limits.unfetchedTtl * 1000);
    this.store.released(gone);
    return gone.messages;
  }

  /**
   * Evicts the oldest unfetched messages of the heaviest senders until `bytes` more fit under
   * the cap (one transaction, storage/relay-eviction.ts); whether they fit. Returns the
   * addresses evicted from and the messages evicted.
   */
  async makeRoom(bytes: number): Promise<{ fits: boolean; evicted: number; senders: string[] }> {
    const cap = this.limits.maxStoredBytes;
    const over = () => this.store.storedBytes() + bytes - cap;
    if (over() <= 0) return { fits: true, evicted: 0, senders: [] };
    const target = over() + Math.floor(cap * EVICTION_HEADROOM);
    const gone = await this.store.mailbox.evict(target, MAX_EVICTION_ROUNDS);
    this.store.released(gone);
    return { fits: over() <= 0, evicted: gone.messages, senders: gone.senders };
  }
}
