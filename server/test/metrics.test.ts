/**
 * GET /metrics: off (404) without a token, 401 without the right Bearer token, and after real
 * traffic (HTTP routes, a 404, relay publish, push, acknowledgement, fetch and a quota refusal)
 * the Prometheus series count it, by route pattern and never by raw URL. Two servers in one
 * process count apart. The indexer's head lag is read from a real chain.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import type { RunningServer } from '../src/index.js';
import { RPC_ERRORS } from '../src/index.js';
import { bearerMatches, METRICS_UNAUTHORIZED } from '../src/routes/metrics.js';
import { waitFor } from './blockchain-helpers.js';
import { getJson, start } from './helpers.js';
import { Peer, topic } from './relay-peer.js';

const TOKEN = 'metrics-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of the series `name` whose labels include `labels` (undefined when absent). */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: auth });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const servers: RunningServer[] = [];
const peers: Peer[] = [];
afterEach(async () => {
  peers.splice(0).forEach((p) => p.ws.terminate());
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('GET /metrics', () => {
  it('is not served without a token, and asks for the right Bearer token', async () => {
    const off = await start({ relayPort: false, framePort: false });
    servers.push(off);
    expect((await getJson(off, '/metrics', { headers: auth })).status).toBe(404);

    const on = await start({ relayPort: false, framePort: false, metricsToken: TOKEN });
    servers.push(on);
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const reply = await getJson(on, '/metrics', { headers });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(reply.body).toEqual({ message: METRICS_UNAUTHORIZED });
    }
    expect((await fetch(`${on.url}/metrics`, { headers: auth })).status).toBe(200);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
  });

  it('counts HTTP requests by route pattern and status, and the relay, per server', async () => {
    const server = await start({
      seed: { wallets: 20 },
      framePort: false,
      metricsToken: TOKEN,
      relay: { limits: { ipMessagesPerHour: 4 } },
    });
    const other = await start({ relayPort: false, framePort: false, metricsToken: TOKEN });
    servers.push(server, other);

    for (let i = 0; i < 3; i++) expect((await getJson(server, '/health')).status).toBe(200);
    expect((await getJson(server, '/getWallets?projectId=w3kit-dev&entries=5')).status).toBe(200);
    expect((await getJson(server, '/getWallets?projectId=w3kit-dev&entries=5&page=2')).status).toBe(200);
    expect((await getJson(server, '/no/such/path/a1')).status).toBe(404);
    expect((await getJson(server, '/no/such/path/b2')).status).toBe(404);
    expect((await fetch(`${server.url}/getWalletImage/unknown-image-id?projectId=w3kit-dev`)).status).toBe(404);

    // Relay: b subscribes, a publishes twice; b acknowledges the push of the first and fetches nothing
    // more; c fetches the second from its topic; a's fifth message passes its address's quota of 4.
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => Peer.open(server.relayUrl!, generateKeyPair())));
    peers.push(a!, b!, c!);
    await b!.result('irn_subscribe', { topic: topic('m1') });
    await a!.result('irn_publish', { topic: topic('m1'), message: 'hello', ttl: 300, tag: 1108 });
    await b!.waitForPushes(1);
    await a!.result('irn_publish', { topic: topic('m2'), message: 'later', ttl: 300, tag: 1108 });
    const fetched = await c!.result<{ messages: unknown[] }>('irn_fetchMessages', { topic: topic('m2') });
    expect(fetched.messages).toHaveLength(1);
    await a!.result('irn_publish', { topic: topic('m3'), message: 'x', ttl: 300, tag: 1108 });
    await a!.result('irn_publish', { topic: topic('m3'), message: 'y', ttl: 300, tag: 1108 });
    const refused = await a!.call('irn_publish', { topic: topic('m3'), message: 'z', ttl: 300, tag: 1108 });
    expect((refused.error as { code: number }).code).toBe(RPC_ERRORS.rateLimited);
    await waitFor('the acknowledgement', async () =>
      (await scrape(server)).includes('w3kit_relay_messages_delivered_total 2') ? true : undefined,
    );

    const text = await scrape(server);
    const http = (route: string, status: string) => series(text, 'w3kit_http_requests_total', { app: 'api', method: 'GET', route, status });
    expect(http('/health', '200')).toBe(3);
    expect(http('/getWallets', '200')).toBe(2);
    expect(http('/getWalletImage/:id', '404')).toBe(1);
    expect(http('(unmatched)', '404')).toBe(2);
    expect(text).not.toMatch(/no\/such|unknown-image-id|projectId=/);
    expect(series(text, 'w3kit_http_request_duration_seconds_count', { route: '/health', status: '200' })).toBe(3);
    expect(series(text, 'w3kit_http_request_duration_seconds_bucket', { route: '/health', status: '200', le: '+Inf' })).toBe(3);
    expect(series(text, 'w3kit_http_request_duration_seconds_sum', { route: '/health', status: '200' })).toBeGreaterThan(0);
    expect(series(text, 'w3kit_relay_sockets_open')).toBe(3);
    expect(series(text, 'w3kit_relay_messages_published_total')).toBe(4);
    expect(series(text, 'w3kit_relay_messages_delivered_total')).toBe(2);
    expect(series(text, 'w3kit_relay_mailbox_messages')).toBe(4);
    expect(series(text, 'w3kit_relay_mailbox_bytes')).toBe(4 * 64 + 'hello'.length + 'later'.length + 2);
    expect(series(text, 'w3kit_quota_refusals_total', { scope: 'relay', reason: 'rate_limited' })).toBe(1);

    await a!.close();
    expect(series(await scrape(server), 'w3kit_relay_sockets_open')).toBe(2);

    // The other server in this process counted only its own scrapes.
    const own = await scrape(other);
    expect(series(own, 'w3kit_http_requests_total', { route: '/health' })).toBeUndefined();
    expect(series(own, 'w3kit_relay_messages_published_total')).toBe(0);
  });

  it('counts the per-IP rate limit refusals', async () => {
    const server = await start({ relayPort: false, framePort: false, metricsToken: TOKEN, rateLimit: { max: 3, windowMs: 60_000 } });
    servers.push(server);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await getJson(server, '/health')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A scrape counts against its address's limit like any request.
    const blocked = await fetch(`${server.url}/metrics`, { headers: auth });
    expect(blocked.status).toBe(429);
  });

  describe('with a chain', () => {
    let chain: HardhatNode;
    beforeAll(async () => {
      chain = await startHardhat({ port: 0 });
    }, 60_000);
    afterAll(() => chain?.stop());

    it('reports the indexer head lag per chain', async () => {
      const server = await start({ relayPort: false, framePort: false, metricsToken: TOKEN, evmRpc: chain.url, evmPollIntervalMs: 50 });
      servers.push(server);
      await waitFor('the index', async () => ((await getJson(server, '/health')).body.evm?.indexed ?? -1) >= 0 || undefined);
      const text = await scrape(server);
      const { chainId, head, indexed } = (await getJson(server, '/health')).body.evm as { chainId: string; head: number; indexed: number };
      expect(series(text, 'w3kit_indexer_head_lag_blocks', { chain: chainId })).toBe(head - indexed);
      expect(chainId).toMatch(/:31337$/);
    });
  });
});
