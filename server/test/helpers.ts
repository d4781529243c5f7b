/** Shared test helpers: real servers on free ports, JSON fetches, temporary data directories. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { expect } from 'vitest';
import { InputError } from '../src/errors.js';
import { startServer, type RunningServer, type StartServerOptions } from '../src/index.js';

export const DEV = 'w3kit-dev';
export const LOCAL_ORIGIN = 'http://localhost:5173';

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
