/**
 * The checks of an existing database file before it is opened, and the words for a database
 * that cannot be opened: an empty file, a file that is not SQLite, a full disk.
 */
import { rmSync, statSync } from 'node:fs';
import { isDiskFull } from './disk-full.js';

/** A database file that is refused, in words (the CLI prints the message as is). */
export class DatabaseFileError extends Error {
  override name = 'DatabaseFileError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

const AFRESH = 'Move it away (or restore it from a backup) to start with a new database';

function size(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** 'absent' (a new database is made) or 'present'; a DatabaseFileError for an empty file without a write-ahead log. */
export function checkExistingFile(file: string): 'absent' | 'present' {
  const bytes = size(file);
  if (bytes === undefined) return 'absent';
  // In WAL mode the pages may all sit in the -wal file still; SQLite reads them from there.
  if (bytes === 0 && !size(`${file}-wal`))
    throw new DatabaseFileError(file, `${file} is empty (0 bytes): it is not a w3kit database. ${AFRESH}`);
  return 'present';
}

/** Removes a database file this start created and left empty (with its -wal and -shm). */
export function removeEmptyFresh(file: string): void {
  try {
    if (size(file)) return;
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  } catch {
    // Best effort: the error being reported matters more.
  }
}

/** The error to report for a database that could not be opened or migrated. */
export function openFailure(err: unknown, file: string): unknown {
  if (err instanceof DatabaseFileError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (isDiskFull(err))
    return new DatabaseFileError(
      file,
      `The disk holding ${file} is full (${String(code)}): the database cannot be opened or updated. Free space on that disk and start again`,
    );
  if (code === 'SQLITE_NOTADB')
    return new DatabaseFileError(file, `${file} is not a SQLite database: it is not a w3kit database. ${AFRESH}`);
  if (code === 'SQLITE_CORRUPT')
    return new DatabaseFileError(file, `${file} is damaged (SQLITE_CORRUPT): restore it from a backup, or move it away to start afresh`);
  if (code === 'SQLITE_CANTOPEN' || code === 'EACCES')
    return new DatabaseFileError(file, `Cannot open ${file} (${String(code)}): check the data folder's path and permissions`);
  return nativeDriverFailure(err);
}

/**
 * better-sqlite3 without a native module for this Node: its install script did not run (npm 11
 * runs a dependency's install script only once it is approved) or it was built for another Node
 * version. Named with the commands that mend it, instead of the loader's list of tried paths.
 */
export function nativeDriverFailure(err: unknown): unknown {
  const message = err instanceof Error ? err.message : '';
  const code = (err as { code?: unknown } | null)?.code;
  const missing = message.startsWith('Could not locate the bindings file');
  const otherNode = code === 'ERR_DLOPEN_FAILED' || /NODE_MODULE_VERSION|compiled against a different Node/.test(message);
  if (!missing && !otherNode) return err;
  const why = missing
    ? 'has no native module: its install script did not run or failed'
    : `was built for another Node version than ${process.version}`;
  return new Error(
    `The SQLite driver better-sqlite3 ${why}. In the folder where w3kit-server is installed run \`npm rebuild better-sqlite3\` (npm 11 and newer run a dependency's install script only once it is approved: first \`npm install-scripts approve better-sqlite3\`), or use Postgres with --db postgres://…`,
    { cause: err },
  );
}
