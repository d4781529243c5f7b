/**
 * The Esplora client over real HTTP (a small Esplora of the test's): fee estimates are kept a
 * few seconds (one request for many reads), a failed read is not kept, and the chain id is
 * asked once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGTEST_GENESIS_HASH } from './devchain/network.js';
import { createEsplora } from './esplora.js';

const hits = new Map<string, number>();
let failFees = true;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/block-height/0') return res.end(REGTEST_GENESIS_HASH);
    if (req.url === '/fee-estimates' && failFees) return (res.writeHead(503), res.end('busy'));
    res.end(JSON.stringify({ '1': 12.5, '6': 4, '144': 1.2 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('Esplora client', () => {
  it('keeps fee estimates a few seconds, but not a failure, and asks the chain id once', async () => {
    const esplora = createEsplora(url);
    await expect(esplora.fees()).rejects.toThrow('Esplora answered GET /fee-estimates with HTTP 503');
    failFees = false;
    const [a, b] = await Promise.all([esplora.fees(), esplora.fees()]);
    expect(await esplora.fees()).toEqual({ '1': 12.5, '6': 4, '144': 1.2 });
    expect(a).toBe(b);
    expect(hits.get('/fee-estimates')).toBe(2);
    await Promise.all([esplora.chainId(), esplora.chainId()]);
    expect(await esplora.chainId()).toBe(`bip122:${REGTEST_GENESIS_HASH.slice(0, 32)}`);
    expect(hits.get('/block-height/0')).toBe(1);
  });
});
