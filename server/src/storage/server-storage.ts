/**
 * The storage `startServer` runs on. SQLite (no `--db`): the file in `--data`, as before, and
 * every feature on it. Postgres: opened and migrated (so a deployment can lay its schema), then
 * refused while features still wait on the raw SQLite handle (the lint zone's allowlist in
 * scripts/lib/storage-zone.mjs); projects already work there through `w3kit-server projects`.
 */
import { openStorage, StorageError, type Storage } from './engine.js';
import { storageTarget } from './url.js';

export const POSTGRES_NOT_SERVED =
  'serving on Postgres waits for the remaining features to move behind the storage seam (issue 31): leave --db unset to serve on SQLite in --data; `w3kit-server projects … --db URL` already works on Postgres';

/** Opens the server's storage; a Postgres URL is opened, migrated and then refused (POSTGRES_NOT_SERVED). */
export async function openServerStorage(
  dbUrl: string | undefined,
  dataDir: string | undefined,
): Promise<Storage & { sqlite: NonNullable<Storage['sqlite']> }> {
  const storage = await openStorage(storageTarget(dbUrl, dataDir));
  if (!storage.sqlite) {
    await storage.close();
    throw new StorageError(`${storage.label}: ${POSTGRES_NOT_SERVED}`);
  }
  return storage as Storage & { sqlite: NonNullable<Storage['sqlite']> };
}
