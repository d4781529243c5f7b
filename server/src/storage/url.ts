/**
 * Where the backend keeps its data: `--db URL` / W3KIT_DB_URL / config key `db`. Absent, the
 * embedded SQLite file in `--data` (today's default); `postgres://user:pass@host:port/db` (or
 * `postgresql://`), a Postgres database. Anything else is refused with a sentence naming the
 * flag. The password never leaves this module unredacted except to the driver (`StorageTarget.url`).
 */
import { HIDDEN } from '../redact.js';

export type Engine = 'sqlite' | 'postgres';

export type StorageTarget =
  | { engine: 'sqlite'; /** The data directory (`--data`); the file is `<dir>/w3kit.sqlite`. */ dataDir: string | undefined }
  | {
      engine: 'postgres';
      /** The URL as given, password included: for the driver only, never printed. */
      url: string;
      /** The URL with its password as `***`: what output and errors show. */
      shown: string;
    };

export const DB_URL_RULE = 'must be a postgres://user:password@host:port/database URL (leave it unset for SQLite in --data)';

const SCHEMES = new Set(['postgres:', 'postgresql:']);

/** A Postgres URL with its password replaced by `***` (and any query values, which may carry one). */
export function redactDbUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return '[not shown: not a URL]';
  }
  if (url.password) url.password = HIDDEN;
  for (const name of [...url.searchParams.keys()]) url.searchParams.set(name, HIDDEN);
  return url.href.replaceAll('%2A', '*');
}

/**
 * The Postgres URL of a `--db` value, or undefined when it is not one: a postgres(ql) scheme,
 * a host, a database name of one path segment, no fragment.
 */
export function parseDbUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!SCHEMES.has(url.protocol) || !url.hostname || url.hash) return undefined;
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_$.-]{1,63}$/.test(database)) return undefined;
  if (url.port && !(Number(url.port) >= 1 && Number(url.port) <= 65535)) return undefined;
  return text;
}

/** Where the data lives, from the `--db` value (already parsed) and `--data`. */
export function storageTarget(dbUrl: string | undefined, dataDir: string | undefined): StorageTarget {
  return dbUrl === undefined ? { engine: 'sqlite', dataDir } : { engine: 'postgres', url: dbUrl, shown: redactDbUrl(dbUrl) };
}
