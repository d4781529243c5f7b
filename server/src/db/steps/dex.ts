/**
 * Migration 9: the local DEX (issue 19). `w3kit-server dex deploy` records the Uniswap V2
 * contracts it deployed on a chain (one row per chain id; a new deploy replaces it), so a
 * backend on the same data folder serves swaps for that chain. `record` is the JSON of a
 * `DexRecord` (../../dex/store.ts); times are ms.
 */
import type { Database } from 'better-sqlite3';

export const dexMigration = {
  version: 9,
  name: 'local DEX deployments',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE dex_deployments (
        chain_id INTEGER PRIMARY KEY,
        record TEXT NOT NULL,
        deployed_at INTEGER NOT NULL
      );
    `);
  },
};
