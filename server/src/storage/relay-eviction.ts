/**
 * The relay's eviction as one transaction body for both engines (./steps.ts): round after round,
 * the two heaviest senders of unfetched messages (by address, the quota key) are found again and
 * the heaviest one's oldest unfetched messages deleted, down to the next one's bytes (at least one
 * message) or to what is still needed. Reads only the sender, id and size columns (covered by
 * relay_messages_by_sender), never a message's content.
 */
import { sql, type Kysely } from 'kysely';
import type { Freed } from './relay-mailbox.js';
import type { StorageSchema } from './schema.js';
import { step, type Steps } from './steps.js';

/** Candidates read per round for the heaviest sender. */
const OLDEST_PAGE = 100;

const UNFETCHED = sql<boolean>`NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id)`;

export function* evictionBody(db: Kysely<StorageSchema>, target: number, maxRounds: number): Steps<Freed & { senders: string[] }> {
  const senders = new Set<string>();
  let bytes = 0;
  let messages = 0;
  for (let round = 0; round < maxRounds && bytes < target; round++) {
    const { rows: heaviest } = yield* step(
      sql<{ ip: string; bytes: number }>`SELECT sender_ip AS ip, CAST(sum(size) AS BIGINT) AS bytes FROM relay_messages m
        WHERE ${UNFETCHED} GROUP BY sender_ip ORDER BY bytes DESC LIMIT 2`.compile(db),
    );
    const [top, next] = heaviest;
    if (!top) break;
    const goal = Math.min(target - bytes, Math.max(Number(top.bytes) - Number(next?.bytes ?? 0), 1));
    const { rows: oldest } = yield* step(
      db
        .selectFrom('relay_messages as m')
        .select(['m.id', 'm.size'])
        .where('m.sender_ip', '=', top.ip)
        .where(UNFETCHED)
        .orderBy('m.id')
        .limit(OLDEST_PAGE)
        .compile(),
    );
    const ids: number[] = [];
    let chosen = 0;
    for (const m of oldest) {
      if (chosen >= goal) break;
      ids.push(Number(m.id));
      chosen += Number(m.size);
    }
    senders.add(top.ip);
    if (ids.length === 0) break;
    // What another instance deleted meanwhile is not counted twice.
    const { rows: gone } = yield* step(db.deleteFrom('relay_messages').where('id', 'in', ids).returning('size').compile());
    const taken = gone.reduce((n, r) => n + Number(r.size), 0);
    bytes += taken;
    messages += gone.length;
    if (taken === 0) break;
  }
  return { messages, bytes, senders: [...senders] };
}
