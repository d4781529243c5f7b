/**
 * How the relay keeps its storage cap without refusing everyone: messages nobody has fetched
 * (no client id has received them) are kept at most `unfetchedTtl` seconds, and when a publish
 * would pass `maxStoredBytes` the oldest unfetched messages of the heaviest senders (by the
 * address they came from, the quota key) are evicted first, the heaviest brought down towards
 * the next one, until the publish fits. Only when nothing unfetched is left to evict is a
 * publish refused. A message's sender address and size are columns (migration 12), so nothing
 * here reads a message's content.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { RelayStore } from './store.js';

/** Once evicting, this fraction of the cap is freed beyond what the publish needs, so the heaviest senders are looked up rarely. */
export const EVICTION_HEADROOM = 0.01;
/** Rounds of eviction (each finds the heaviest senders again) before a publish is refused. */
const MAX_EVICTION_ROUNDS = 64;

const UNFETCHED = 'NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id)';

export class RelayRetention {
  private readonly heaviestQuery: Statement;
  private readonly oldestQuery: Statement;
  private readonly deleteMessage: Statement;
  private readonly pruneUnfetchedQuery: Statement;

  constructor(
    private readonly db: Database,
    private readonly store: RelayStore,
    private readonly limits: { maxStoredBytes: number; unfetchedTtl: number },
    private readonly now: () => number = Date.now,
  ) {
    this.heaviestQuery = db.prepare(
      `SELECT sender_ip AS ip, sum(size) AS bytes FROM relay_messages m WHERE ${UNFETCHED}
       GROUP BY sender_ip ORDER BY bytes DESC LIMIT 2`,
    );
    this.oldestQuery = db.prepare(`SELECT id, size FROM relay_messages m WHERE sender_ip = ? AND ${UNFETCHED} ORDER BY id LIMIT 100`);
    this.deleteMessage = db.prepare('DELETE FROM relay_messages WHERE id = ?');
    this.pruneUnfetchedQuery = db.prepare(`DELETE FROM relay_messages AS m WHERE published_at <= ? AND ${UNFETCHED} RETURNING size`);
  }

  /** Deletes the messages nobody has fetched within `unfetchedTtl`; returns how many. */
  pruneUnfetched(): number {
    const pruned = this.pruneUnfetchedQuery.all(this.now() - this.limits.unfetchedTtl * 1000) as { size: number }[];
    this.store.released(pruned.reduce((n, r) => n + r.size, 0));
    return pruned.length;
  }

  /**
   * Evicts the oldest unfetched messages of the heaviest senders until `bytes` more fit under
   * the cap; whether they fit. Returns the addresses evicted from and the messages evicted.
   */
  makeRoom(bytes: number): { fits: boolean; evicted: number; senders: string[] } {
    const cap = this.limits.maxStoredBytes;
    const over = () => this.store.storedBytes() + bytes - cap;
    let evicted = 0;
    const senders = new Set<string>();
    if (over() <= 0) return { fits: true, evicted, senders: [] };
    const target = over() + Math.floor(cap * EVICTION_HEADROOM);
    let freed = 0;
    this.db.transaction(() => {
      for (let round = 0; round < MAX_EVICTION_ROUNDS && freed < target; round++) {
        const [heaviest, next] = this.heaviestQuery.all() as { ip: string; bytes: number }[];
        if (!heaviest) break;
        // Down to the next heaviest sender (at least one message), or what is still needed.
        const goal = Math.min(target - freed, Math.max(heaviest.bytes - (next?.bytes ?? 0), 1));
        let taken = 0;
        for (const m of this.oldestQuery.all(heaviest.ip) as { id: number; size: number }[]) {
          if (taken >= goal) break;
          this.deleteMessage.run(m.id);
          taken += m.size;
          evicted++;
        }
        senders.add(heaviest.ip);
        freed += taken;
        if (taken === 0) break;
      }
    })();
    this.store.released(freed);
    return { fits: over() <= 0, evicted, senders: [...senders] };
  }
}
