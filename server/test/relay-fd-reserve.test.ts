/**
 * The reserve of file descriptors (issue 29, item 3): the bundled bin runs with an open-files
 * limit of 512 (`ulimit -n`, Linux), and more sockets than that are opened on the relay from
 * four loopback addresses with fresh keys. The relay holds at most the limit less its reserve
 * and refuses the rest, so the Provider API keeps answering; without the cap the process runs
 * out of descriptors and the API stops answering (what the attack with 20,000 sockets found).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateKeyPair } from '@walletconnect/relay-auth';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { socketBudget } from '../src/relay/socket-caps.js';
import { tempDir } from './helpers.js';
import { signAuth } from './relay-peer.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FILE_LIMIT = 512;
const SOCKETS = 600;

mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
const outDir = mkdtempSync(path.join(ROOT, '.cache', 'server-fd-'));
const data = tempDir();
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  data.remove();
});

/** Opens a socket; whether it stayed open (a refused one gets a 503, a close or a reset). */
function connect(url: string, auth: string, localAddress: string, sockets: WebSocket[]): Promise<boolean> {
  const ws = new WebSocket(`${url}/?auth=${auth}&projectId=w3kit-dev`, { localAddress });
  sockets.push(ws);
  return new Promise((resolve) => {
    ws.on('open', () => resolve(true));
    ws.on('unexpected-response', () => resolve(false));
    ws.on('error', () => resolve(false));
    ws.on('close', () => resolve(false));
  });
}

describe.runIf(process.platform === 'linux')('relay sockets within the open-files limit', () => {
  it(`holds at most the limit less the reserve and the Provider API answers, with ${SOCKETS} sockets on a limit of ${FILE_LIMIT}`, async () => {
    const { bundleServer } = (await import(pathToFileURL(path.join(ROOT, 'server/scripts/bundle.mjs')).href)) as {
      bundleServer(outfile: string): Promise<string>;
    };
    const bin = await bundleServer(path.join(outDir, 'w3kit-server.js'));
    const child = spawn(
      'sh',
      ['-c', `ulimit -n ${FILE_LIMIT} && exec "$0" "$@"`, process.execPath, bin, '--port', '0', '--seed', '--data', data.dir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, W3KIT_KEK: Buffer.alloc(32, 1).toString('base64') },
      },
    );
    const sockets: WebSocket[] = [];
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const [api, relay] = await new Promise<[string, string]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URLs printed; stderr: ${stderr}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const a = /^w3kit-server {2}(http:\/\/\S+)/m.exec(stdout);
          const r = /^w3kit-relay {3}(ws:\/\/\S+)/m.exec(stdout);
          if (a && r) {
            clearTimeout(timer);
            resolve([a[1]!, r[1]!]);
          }
        });
        void exited.then((code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
      });
      const auths = await Promise.all(Array.from({ length: SOCKETS }, () => signAuth(relay, generateKeyPair())));
      const opened = await Promise.all(auths.map((auth, i) => connect(relay, auth, `127.0.0.${1 + (i % 4)}`, sockets)));
      const open = opened.filter(Boolean).length;
      // Sockets still open a moment later (a refused one is closed at once).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const held = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
      const answers = async (url: string) => {
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
          return res.status === 200 ? ((await res.json()) as object) : res.status;
        } catch (err) {
          return `${(err as Error).message} (${String((err as Error).cause ?? '')})`;
        }
      };
      expect({ held, health: await answers(`${api}/health`) }).toMatchObject({ health: { ok: true } });
      expect(await answers(`${api}/getWallets?projectId=w3kit-dev`)).toMatchObject({ count: 1000 });
      expect(held).toBeLessThanOrEqual(socketBudget(10_000, FILE_LIMIT));
      expect(held).toBeGreaterThan(socketBudget(10_000, FILE_LIMIT) / 2);
      expect(open).toBeGreaterThanOrEqual(held);
    } finally {
      sockets.forEach((ws) => ws.terminate());
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
