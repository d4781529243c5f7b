/**
 * Postgres session-level advisory locks, held on a connection of their own (a lock lives as long
 * as its session: an instance that dies, or loses its connection, frees it at once). Two uses:
 * - the indexer's lease per chain when there is no Redis (postgresLease, the shape of
 *   ops/lease.ts's ChainLease): another instance takes a chain as soon as the holder's session ends;
 * - the single-instance guard (claimSingleInstance): several instances on one Postgres need
 *   Redis between them, so without `--redis` the second instance is refused at start, in words.
 */
import pg from 'pg';
import type { ChainLease } from '../../ops/lease.js';
import { redactDbUrl } from '../url.js';

/** The advisory lock namespaces (the first key of the two-key form). */
const LEASE_SPACE = 0x77336b31; // 'w3k1'
const INSTANCE_SPACE = 0x77336b30; // 'w3k0'

export const SINGLE_INSTANCE_REFUSED =
  'another w3kit-server instance already serves this Postgres database without Redis: several instances share the relay, the rate limits and the indexer only through Redis, so give every instance --redis URL (W3KIT_REDIS_URL), or run one instance';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection ends its locks; the owner notices on its next query.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`cannot use the database ${redactDbUrl(url)}: ${(err as Error).message}`, { cause: err });
  }
  return client;
}

/** Takes the database's single-instance lock, or throws SINGLE_INSTANCE_REFUSED when another instance holds it. */
export async function claimSingleInstance(url: string): Promise<{ release(): Promise<void> }> {
  const client = await connect(url);
  const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, 0) AS ok', [INSTANCE_SPACE]);
  if (!rows[0]?.ok) {
    await client.end();
    throw new Error(SINGLE_INSTANCE_REFUSED);
  }
  return { release: () => client.end().catch(() => undefined) };
}

/** Chain leases as advisory locks (no renewal: the session holds them); a lost connection loses them. */
export function postgresLease(url: string): ChainLease {
  let client: Promise<pg.Client> | undefined;
  const mine = new Set<string>();
  let stopped = false;

  const session = () => {
    client ??= connect(url).then((c) => {
      c.on('end', () => {
        mine.clear();
        client = undefined;
      });
      return c;
    });
    client.catch(() => (client = undefined));
    return client;
  };

  return {
    async held(chainKey) {
      if (stopped) return false;
      try {
        const c = await session();
        if (mine.has(chainKey)) {
          await c.query('SELECT 1');
          return mine.has(chainKey);
        }
        const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LEASE_SPACE, chainKey]);
        if (rows[0]?.ok) mine.add(chainKey);
        return mine.has(chainKey);
      } catch {
        mine.clear();
        return false;
      }
    },
    start() {
      stopped = false;
    },
    async stop() {
      stopped = true;
      mine.clear();
      const c = await client?.catch(() => undefined);
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
