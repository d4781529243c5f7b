/** Shared test helpers: real servers on free ports, JSON fetches, temporary data directories. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { expect } from 'vitest';
import { InputError } from '../src/errors.js';
import { startServer, type RunningServer, type StartServerOptions } from '../src/index.js';

export const DEV = 'w3kit-dev';
export const LOCAL_ORIGIN = 'http://localhost:5173';
/** The engine a server started without `dbUrl` runs on: `postgres` in the projects of vitest.engines.config.ts (helpers-engines.ts). */
export const SWITCHED_ENGINE: 'sqlite' | 'postgres' = process.env.W3KIT_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
/** True in the server-redis project, where a server started without `redisUrl` gets a real Redis as `--redis`. */
export const SWITCHED_REDIS = process.env.W3KIT_TEST_REDIS === '1';

export async function start(options: StartServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, ...options });
}

// Replies are checked field by field in the tests, so the body defaults to `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface JsonReply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Fetches `url` (relative to the server) and parses the JSON reply (undefined for an empty body). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getJson<T = any>(server: RunningServer, url: string, init: RequestInit = {}): Promise<JsonReply<T>> {
  const res = await fetch(`${server.url}${url}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(prefix = 'w3kit-server-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn`, expects an InputError, and returns the field it names. */
export function inputErrorField(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as InputError).field;
  }
  throw new Error('expected an InputError');
}

/** The field of the InputError `promise` rejects with. */
export async function inputErrorFieldOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err === undefined) throw new Error('expected an InputError');
  expect(err).toBeInstanceOf(InputError);
  return (err as InputError).field;
}

/** Resolves to the HTTP status a WebSocket upgrade to `url` got (101 when it opened). */
export function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('error', (err) => (err.message.includes('Unexpected server response') ? undefined : reject(err)));
  });
}

/** A `w3kit-server` bin running as a child process, once it printed its Provider API's URL. */
export interface RunningBin {
  url: string;
  /** What it printed so far. */
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

/** Spawns `node <bin> ...args` and waits (at most `timeoutMs`) for the line `w3kit-server  URL  (Provider API)`. */
export async function runBin(bin: string, args: string[], env: NodeJS.ProcessEnv = process.env, timeoutMs = 20_000): Promise<RunningBin> {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed; stderr: ${stderr}`)), timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^w3kit-server {2}(http:\/\/127\.0\.0\.1:\d+) {2}\(Provider API\)$/m.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      void exited.then((code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
    });
    return {
      url,
      stdout: () => stdout,
      stderr: () => stderr,
      stop: () => {
        child.kill('SIGTERM');
        return exited;
      },
    };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}
