/**
 * The storage `startServer` runs on: SQLite (no `--db`), the file in `--data`, as before; or
 * Postgres (`--db postgres://…`), opened and migrated. Every feature reaches it through the
 * repositories of this folder, so both engines serve the same server.
 */
import { openStorage, StorageError, type Storage } from './engine.js';
import { storageTarget } from './url.js';

/** Opens (and migrates) the server's storage: Postgres for a `postgres://` URL, else SQLite in dataDir. */
export function openServerStorage(dbUrl: string | undefined, dataDir: string | undefined): Promise<Storage> {
  return openStorage(storageTarget(dbUrl, dataDir));
}

/** The storage's SQLite handle, for the synchronous helpers of the programmatic API; on Postgres a StorageError naming `storage`. */
export function sqliteHandle(storage: Storage): NonNullable<Storage['sqlite']> {
  if (!storage.sqlite) {
    throw new StorageError(
      `server.db is the SQLite handle, and this server runs on ${storage.label}: use server.storage and its repositories`,
    );
  }
  return storage.sqlite;
}
