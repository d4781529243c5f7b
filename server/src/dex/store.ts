/**
 * The recorded DEX of a chain (table dex_deployments): the record (./record.ts), the DEX
 * repository's interface (`app.dex`, ../storage/dex.ts, on SQLite or Postgres), and its
 * reads and writes on a storage for the programmatic API.
 */
import type { Storage } from '../storage/engine.js';
import { dexRepository } from '../storage/dex.js';
import type { DexRecord } from './record.js';

export * from './record.js';

/** The recorded DEX of a chain, if any (a row that no longer parses counts as none). */
export function getDex(storage: Storage, chainId: number): Promise<DexRecord | undefined> {
  return dexRepository(storage).get(chainId);
}

/** Records (or replaces) the DEX of `record.chainId`. */
export function saveDex(storage: Storage, record: DexRecord, now = Date.now()): Promise<void> {
  return dexRepository(storage).save(record, now);
}

/** What the swap routes read of the database: a chain's recorded DEX. */
export interface DexRepository {
  /** The recorded DEX of a chain, if any (a row that no longer parses counts as none). */
  get(chainId: number): Promise<DexRecord | undefined>;
  /** Records (or replaces) the DEX of `record.chainId`. */
  save(record: DexRecord, now?: number): Promise<void>;
}
