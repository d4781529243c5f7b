/**
 * The server an attack runs against: either one the suite starts (the built bin,
 * server/dist/w3kit-server.js, on free loopback ports with a fresh temporary data folder, the
 * development SMTP sink and the settings the attack asks for), or a running one given by its
 * URLs (loopback only). What the suite reads of it: the process's resident memory (VmRSS of
 * /proc/PID/status, when the pid is known), the data folder's size and row counts (when the
 * folder is known; read-only, beside the running server, as SQLite's WAL allows).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { startBackend, type Backend } from '../../../scripts/lib/backend.mjs';
import { requireLoopback } from './net.js';

/** What an attack asks of a server the suite starts for it. */
export interface ServerSettings {
  /** Environment variables (the bin's documented settings, e.g. W3KIT_RELAY_IP_BYTES_PER_HOUR). */
  env?: Record<string, string>;
  /** Run it under `ulimit -n` this many open files. */
  maxOpenFiles?: number;
}

export interface Target {
  url: string;
  relayUrl: string;
  frameUrl: string;
  /** The development SMTP sink's list (`/dev/mail.json`), when the server runs one. */
  mailUrl: string | undefined;
  /** Whether the suite started this server (it may then restart it and read its folder). */
  owned: boolean;
  /** The settings it was started with (empty for a running one). */
  settings: ServerSettings;
  /** Resident memory of the server process in bytes; undefined without a pid (or off Linux). */
  rss(): number | undefined;
  /** Bytes of the data folder (database, WAL and the rest); undefined when it is not ours. */
  dataBytes(): number | undefined;
  /** Rows of `table` matching `where` (SQL, no user input); undefined when the folder is not ours or the table is gone. */
  count(table: string, where?: string, ...params: unknown[]): number | undefined;
  /** Stops and starts the server on the same ports and folder; undefined for a running one. */
  restart: (() => Promise<void>) | undefined;
  close(): Promise<void>;
}

/** VmRSS of /proc/PID/status in bytes. */
export function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const st = statSync(full, { throwIfNoEntry: false });
    if (!st) continue;
    total += st.isDirectory() ? folderBytes(full) : st.size;
  }
  return total;
}

function countRows(dataDir: string, table: string, where: string | undefined, params: unknown[]): number | undefined {
  const file = path.join(dataDir, 'w3kit.sqlite');
  if (!existsSync(file)) return undefined;
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare(`SELECT count(*) AS n FROM ${table}${where ? ` WHERE ${where}` : ''}`).get(...params) as { n: number };
    return row.n;
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

/** Starts the built bin with `settings` on free ports and a fresh data folder (removed by close). */
export async function startTarget(settings: ServerSettings = {}): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'w3kit-attack-'));
  // No wallets to seed (faster starts); a key-encryption key in the environment (no warning about a key file).
  const env = { W3KIT_SEED_WALLETS: '0', W3KIT_KEK: randomBytes(32).toString('base64'), ...settings.env };
  const start = (ports?: Backend['ports']) =>
    startBackend({
      port: ports?.port ?? 0,
      relayPort: ports?.relayPort ?? 0,
      framePort: ports?.framePort ?? 0,
      smtpSink: ports?.smtpSink ?? 0,
      dataDir,
      env,
      ...(settings.maxOpenFiles ? { maxOpenFiles: settings.maxOpenFiles } : {}),
    });
  // Free ports are found before the bin binds them, and this machine may hand one out meanwhile: try again.
  const firstStart = async (attempt = 1): Promise<Backend> =>
    start().catch((err: Error) => {
      if (attempt < 3 && /port is in use/.test(err.message)) return firstStart(attempt + 1);
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    });
  let backend = await firstStart();
  return {
    get url() {
      return backend.url;
    },
    get relayUrl() {
      return backend.relayUrl;
    },
    get frameUrl() {
      return backend.frameUrl;
    },
    get mailUrl() {
      return backend.mailUrl;
    },
    owned: true,
    settings,
    rss: () => rssOf(backend.pid),
    dataBytes: () => folderBytes(dataDir),
    count: (table, where, ...params) => countRows(dataDir, table, where, params),
    restart: async () => {
      const { ports } = backend;
      await backend.close();
      backend = await start(ports);
    },
    close: async () => {
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RunningServerUrls {
  url: string;
  /** Default: the port after the Provider API's (the bin's default). */
  relayUrl?: string | undefined;
  /** Default: two ports after the Provider API's. */
  frameUrl?: string | undefined;
  /** The server's process id, for its memory (it runs on this machine). */
  pid?: number | undefined;
}

/** A running server, loopback only (throws for any other host). */
export function runningTarget({ url, relayUrl, frameUrl, pid }: RunningServerUrls): Target {
  const api = requireLoopback(url, '--url');
  const port = Number(api.port || 80);
  const host = api.hostname;
  const relay = relayUrl ?? `ws://${host}:${port + 1}`;
  const frame = frameUrl ?? `http://${host}:${port + 2}`;
  requireLoopback(relay, '--relay-url');
  requireLoopback(frame, '--frame-url');
  const base = api.origin;
  return {
    url: base,
    relayUrl: relay.replace(/\/$/, ''),
    frameUrl: frame.replace(/\/$/, ''),
    mailUrl: `${base}/dev/mail.json`,
    owned: false,
    settings: {},
    rss: () => rssOf(pid),
    dataBytes: () => undefined,
    count: () => undefined,
    restart: undefined,
    close: async () => undefined,
  };
}
