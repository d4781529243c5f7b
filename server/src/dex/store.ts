/**
 * The recorded DEX of a chain (table dex_deployments): the record (./record.ts), the DEX
 * repository's interface (`app.dex`, ../storage/dex.ts, on SQLite or Postgres), and the
 * synchronous functions on a raw SQLite handle for `dex deploy` and the programmatic API.
 */
import type { DexRecord } from './record.js';

export * from './record.js';
export { getDex, saveDex } from '../storage/dex-sync.js';

/** What the swap routes read of the database: a chain's recorded DEX. */
export interface DexRepository {
  /** The recorded DEX of a chain, if any (a row that no longer parses counts as none). */
  get(chainId: number): Promise<DexRecord | undefined>;
  /** Records (or replaces) the DEX of `record.chainId`. */
  save(record: DexRecord, now?: number): Promise<void>;
}
