/**
 * The storage the relay runs on. `startRelay({ db })` takes the seam's Storage (SQLite or
 * Postgres) or, as before, the raw SQLite handle of `openDatabase`, which it wraps (one Storage
 * per handle, ./engine.ts) so the relay itself never sees a handle.
 */
import type { Database } from '../db/open.js';
import { sqliteStorage, type Storage } from './engine.js';

export type RelayDatabase = Database | Storage;

export function relayStorage(db: RelayDatabase): Storage {
  return 'engine' in db ? db : sqliteStorage(db);
}
