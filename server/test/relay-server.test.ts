/** The relay served by `startServer` and the `w3kit-server` command line: port + 1, a free port, --relay-port. */
import path from 'node:path';
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/index.js';
import { RPC_ERRORS, startServer, type RunningServer } from '../src/index.js';
import { freePort } from '../../scripts/lib/hardhat.mjs';
import { SWITCHED_ENGINE, SWITCHED_REDIS, tempDir, upgradeStatus } from './helpers.js';
import { Peer, signAuth, topic } from './relay-peer.js';

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

/** Resolves to the upgrade status of the relay at `url`: 101 with a valid JWT, 401 without. */
async function relayStatus(url: string, withAuth: boolean): Promise<number> {
  const auth = withAuth ? `?auth=${await signJWT('test', url, 600, generateKeyPair())}&projectId=p` : '?projectId=p';
  return upgradeStatus(`${url}/${auth}`);
}

describe('startServer', () => {
  it('serves the relay on port + 1 by default', async () => {
    let server: RunningServer | undefined;
    for (let attempt = 0; !server && attempt < 20; attempt++) {
      const port = await freePort();
      if (port >= 65535) continue;
      server = await startServer({ port }).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EADDRINUSE') throw err;
        return undefined;
      });
    }
    try {
      expect(server!.relayPort).toBe(server!.port + 1);
      expect(server!.relayUrl).toBe(`ws://127.0.0.1:${server!.port + 1}`);
      expect(await relayStatus(server!.relayUrl!, true)).toBe(101);
      expect(await relayStatus(server!.relayUrl!, false)).toBe(401);
    } finally {
      await server?.close();
    }
    await expect(relayStatus(server!.relayUrl!, true)).rejects.toThrow();
  });

  it('serves it on a free port with port 0, on relayPort when given, and not at all with relayPort false', async () => {
    const free = await startServer({ port: 0 });
    try {
      expect(free.relayPort).toBeGreaterThan(0);
      expect(free.relayPort).not.toBe(free.port);
      expect(await relayStatus(free.relayUrl!, true)).toBe(101);
    } finally {
      await free.close();
    }

    const relayPort = await freePort();
    const given = await startServer({ port: 0, relayPort });
    try {
      expect(given.relayUrl).toBe(`ws://127.0.0.1:${relayPort}`);
      expect(await relayStatus(given.relayUrl!, true)).toBe(101);
    } finally {
      await given.close();
    }

    const none = await startServer({ port: 0, relayPort: false });
    try {
      expect(none.relayUrl).toBeUndefined();
      expect((await fetch(`${none.url}/health`)).status).toBe(200);
    } finally {
      await none.close();
    }
  });
});

describe('w3kit-server', () => {
  async function serve(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ lines: string[]; stop(): Promise<number> }> {
    let stdout = '';
    let stderr = '';
    const controller = new AbortController();
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const done = main([...argv, '--data', path.join(dir, 'data')], {
      stdout: {
        write: (t: string) => {
          stdout += t;
          if (stdout.includes('(WalletConnect relay)\n')) started();
        },
      },
      stderr: { write: (t: string) => (stderr += t) },
      signal: controller.signal,
      env,
      cwd: dir,
    });
    await Promise.race([ready, done.then((code) => Promise.reject(new Error(`exited ${code}: ${stderr}`)))]);
    return {
      lines: stdout.trimEnd().split('\n'),
      stop: () => {
        controller.abort();
        return done;
      },
    };
  }

  it('prints the relay line and serves it on a free port with --port 0, or on --relay-port', async () => {
    const run = await serve(['--port', '0']);
    // With the server-redis project's Redis, a fifth line names it (after the database line).
    expect(run.lines).toHaveLength(SWITCHED_REDIS ? 5 : 4);
    if (SWITCHED_REDIS) expect(run.lines[4]).toMatch(/^w3kit-redis {3}redis:\/\/\S+ {2}\(between instances: /);
    // On the server-postgres project (vitest.engines.config.ts) the same storage is a Postgres database.
    const dbLine =
      SWITCHED_ENGINE === 'postgres'
        ? /^w3kit-db {6}postgres postgres:\/\/\S+ {2}\(database\)$/
        : /^w3kit-db {6}sqlite \S+w3kit\.sqlite {2}\(database\)$/;
    expect(run.lines[3]).toMatch(dbLine);
    expect(run.lines[2]).toMatch(
      /^w3kit-frame {3}http:\/\/localhost:\d+ {2}\(secure frame site; localhost: passkeys refuse IP-address origins\)$/,
    );
    expect(run.lines[0]).toMatch(/^w3kit-server {2}http:\/\/127\.0\.0\.1:\d+ {2}\(Provider API\)$/);
    const relayUrl = /^w3kit-relay {3}(ws:\/\/127\.0\.0\.1:\d+) {2}\(WalletConnect relay\)$/.exec(run.lines[1]!)?.[1];
    expect(relayUrl).toBeDefined();
    expect(await relayStatus(relayUrl!, true)).toBe(101);
    expect(await run.stop()).toBe(0);

    const relayPort = await freePort();
    const given = await serve(['--port', '0', '--relay-port', String(relayPort)]);
    expect(given.lines[1]).toBe(`w3kit-relay   ws://127.0.0.1:${relayPort}  (WalletConnect relay)`);
    expect(await relayStatus(`ws://127.0.0.1:${relayPort}`, true)).toBe(101);
    expect(await given.stop()).toBe(0);
    await expect(relayStatus(`ws://127.0.0.1:${relayPort}`, true)).rejects.toThrow();
  });

  it('accepts JWTs for --relay-public-url and applies the relay limits from the environment', async () => {
    const run = await serve(['--port', '0', '--relay-public-url', 'wss://relay.example.com'], { W3KIT_RELAY_IP_MESSAGES_PER_HOUR: '1' });
    const relayUrl = /(ws:\/\/\S+)/.exec(run.lines[1]!)![1]!;
    const withAud = async (aud: string) => upgradeStatus(`${relayUrl}/?auth=${await signAuth(aud, generateKeyPair(), 86_400)}`);
    try {
      expect(await withAud('wss://relay.example.com')).toBe(101);
      expect(await withAud(relayUrl)).toBe(101);
      expect(await withAud('wss://relay.walletconnect.org')).toBe(401);
      const peer = await Peer.open(relayUrl);
      const t = topic('cli');
      expect(await peer.result('irn_publish', { topic: t, message: 'one', ttl: 300 })).toBe(true);
      const reply = await peer.call('irn_publish', { topic: t, message: 'two', ttl: 300 });
      expect(reply.error).toMatchObject({
        code: RPC_ERRORS.rateLimited,
        message: expect.stringContaining('at most 1 messages per hour from one IP'),
      });
      peer.ws.terminate();
    } finally {
      expect(await run.stop()).toBe(0);
    }
  });

  it('exits 1 naming the relay port when it is taken', async () => {
    const busy = await startServer({ port: 0, relayPort: false });
    let stderr = '';
    try {
      const code = await main(['--port', '0', '--relay-port', String(busy.port), '--data', path.join(dir, 'data')], {
        stdout: { write: () => undefined },
        stderr: { write: (t: string) => (stderr += t) },
        env: {},
        cwd: dir,
      });
      expect(code).toBe(1);
      expect(stderr).toContain(`127.0.0.1:${busy.port}: the port is in use`);
    } finally {
      await busy.close();
    }
  });
});
