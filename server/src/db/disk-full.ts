/**
 * A full disk, named as such. SQLite answers SQLITE_FULL when a write finds no room (and
 * SQLITE_IOERR_* when the file system refuses a write outright), Node ENOSPC: every API turns
 * them into a refusal in words ('The server's disk is full', HTTP 507 with code DISK_FULL, the
 * relay's storageFull error) instead of an internal error, and notes it per database so
 * /health can report the disk, not the chain or the relay, as the problem.
 */
/** The stable machine code of the refusal. */
export const DISK_FULL_CODE = 'DISK_FULL';
/** HTTP 507 Insufficient Storage. */
export const DISK_FULL_STATUS = 507;
export const DISK_FULL_MESSAGE = "The server's disk is full: nothing can be stored until space is freed; please try again later";
/** How long /health reports the disk as full after the last write it refused. */
export const DISK_FULL_REPORT_MS = 60_000;

/** SQLITE_FULL, a write-side SQLITE_IOERR, or ENOSPC. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_');
}

/** Where a storage's full-disk refusals are noted: its SQLite handle, else the storage itself. */
export const diskKey = (storage: { sqlite?: object | undefined }): object => storage.sqlite ?? storage;

/** By database: the SQLite handle, or the storage of another engine. */
const lastRefusal = new WeakMap<object, { at: number; code: string }>();

/** Notes a write `db` could not make for a full disk (for /health). */
export function noteDiskFull(db: object, err: unknown, now: number = Date.now()): void {
  lastRefusal.set(db, { at: now, code: String((err as { code?: unknown } | null)?.code ?? 'SQLITE_FULL') });
}

/** `{ full: true, lastRefusedAt, message }` while a write was refused for a full disk in the last DISK_FULL_REPORT_MS; else undefined. */
export function diskState(db: object, now: number = Date.now()): { full: true; lastRefusedAt: string; message: string } | undefined {
  const seen = lastRefusal.get(db);
  if (!seen || now - seen.at > DISK_FULL_REPORT_MS) return undefined;
  return { full: true, lastRefusedAt: new Date(seen.at).toISOString(), message: `${DISK_FULL_MESSAGE} (${seen.code})` };
}
