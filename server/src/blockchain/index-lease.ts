/**
 * The index lease (issue 31): with several instances on one database, one at a time indexes a
 * chain. The indexer asks its lease before each pass; the default is always held (one instance,
 * in process), and a lease over Redis or a Postgres advisory lock plugs in through
 * `createIndexer({ lease })` / `startServer({ indexLease })`.
 */
import type { IndexerLogger } from './indexer-types.js';

/**
 * Who indexes a chain when several instances share the database: `held(chainKey)` (the CAIP-2
 * chain id) answers, before each pass, whether this instance may index it now. A lease that
 * throws counts as not held for that pass.
 */
export interface IndexLease {
  held(chainKey: string): Promise<boolean>;
}

/** The default lease: always held (one instance, in process). */
export const IN_PROCESS_LEASE: IndexLease = { held: async () => true };

/** Asks `lease` about a chain; a lease that throws is not held, said once per distinct failure. */
export function leaseCheck(lease: IndexLease, logger: IndexerLogger): (chainId: string) => Promise<boolean> {
  let problem: string | undefined;
  return async (chainId) => {
    try {
      const held = await lease.held(chainId);
      problem = undefined;
      return held;
    } catch (err) {
      const now = `the index lease of ${chainId} did not answer (${(err as Error).message}); not indexing until it does`;
      if (now !== problem) logger.warn(`EVM indexer: ${now}`);
      problem = now;
      return false;
    }
  };
}
