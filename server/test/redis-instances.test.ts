/**
 * Two backend instances on one Redis (issue 31 §2, §3): the per-IP rate limit is one window
 * across both (the N+1st request, whichever instance gets it, is refused), falls back to each
 * instance's own window while Redis is down, and GET /ready says Redis is unreachable (503 with
 * the reason). A server whose Redis does not answer does not start, and says why.
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/postgres.mjs';
import { main, type CliIo } from '../src/cli/index.js';
import type { RunningServer } from '../src/index.js';
import { getJson, start, tempDir } from './helpers.js';
import { cleanupsAfterEach, testRedis } from './redis-fixture.js';

const cleanups = cleanupsAfterEach();
const redisServer = () => testRedis(cleanups);

const TOKEN = 'redis-metrics-token-0123456789';

async function instance(redisUrl: string | undefined, max: number): Promise<RunningServer> {
  const server = await start({ relayPort: false, framePort: false, redisUrl, rateLimit: { max, windowMs: 60_000 }, metricsToken: TOKEN });
  cleanups.push(() => server.close());
  return server;
}

const statuses = async (servers: RunningServer[], n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await fetch(`${servers[i % servers.length]!.url}/health`)).status);
  return out;
};

const redisUp = async (server: RunningServer) => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return /^w3kit_redis_up (\d)$/m.exec(text)?.[1];
};

describe('instances on one Redis', () => {
  it('refuse the N+1st request across both instances (one window)', async () => {
    const redis = await redisServer();
    const a = await instance(redis.url, 5);
    const b = await instance(redis.url, 5);
    expect(await statuses([a, b], 6)).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await fetch(`${a.url}/health`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(a.redis).toBe(redis.url);
  });

  it('count one window per instance without Redis (as before)', async () => {
    const a = await instance(undefined, 3);
    const b = await instance(undefined, 3);
    expect(await statuses([a, b], 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(a.redis).toBeUndefined();
    expect(await redisUp(a)).toBeUndefined();
  });

  it('fall back to their own window while Redis is down, and /ready and /metrics say so', async () => {
    const redis = await redisServer();
    const a = await instance(redis.url, 6);
    expect(await redisUp(a)).toBe('1');
    const ready = await getJson(a, '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ redis: 'ok' });
    await redis.stop();
    const down = await getJson(a, '/ready');
    expect(down.status).toBe(503);
    expect(down.body.checks.redis).toMatch(new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${redis.port} (is unreachable|did not answer)`));
    expect(down.body.message).toContain('Redis at');
    expect(await redisUp(a)).toBe('0');
    // The second /ready and /metrics were the first requests of this instance's own window.
    expect(await statuses([a], 5)).toEqual([200, 200, 200, 200, 429]);
  });

  it('do not start when Redis does not answer, and say where they looked', async () => {
    const port = await freePort();
    await expect(start({ relayPort: false, framePort: false, redisUrl: `redis://user:secret@127.0.0.1:${port}` })).rejects.toThrow(
      `cannot reach Redis at redis://user:***@127.0.0.1:${port}`,
    );
  });

  it('print the w3kit-redis start line with the password hidden (w3kit-server --redis URL)', async () => {
    const redis = await redisServer();
    const folder = tempDir('w3kit-redis-cli-');
    cleanups.push(() => folder.remove());
    const controller = new AbortController();
    let stdout = '';
    let listening!: () => void;
    const started = new Promise<void>((resolve) => (listening = resolve));
    const io: CliIo = {
      stdout: {
        write: (t: string) => {
          stdout += t;
          if (stdout.includes('w3kit-db')) listening();
        },
      },
      stderr: { write: () => undefined },
      signal: controller.signal,
      env: {},
      cwd: folder.dir,
    };
    const url = `redis://:s3cret-pw@127.0.0.1:${redis.port}`;
    const done = main(['--port', '0', '--frame-port', '0', '--data', folder.dir, '--redis', url], io);
    await started;
    controller.abort();
    expect(await done).toBe(0);
    expect(stdout).toContain(
      `\nw3kit-redis   redis://:***@127.0.0.1:${redis.port}  (between instances: relay fan-out, shared rate limits, indexer lease)\n`,
    );
    expect(stdout).not.toContain('s3cret-pw');
  });
});
