/**
 * POST /v1/fungible/price for addresses the index does not know: the node is asked once per
 * address, and what it said (a token or no token at all) is kept, so asking again makes no
 * chain call; the list is capped with a 400 naming the limit. Chain calls are counted on a
 * loopback proxy in front of a real Hardhat node.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNGIBLE_PRICE_MAX } from '../../src/wire/blockchain-api.js';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { TokenInfoCache } from '../src/blockchain/token-info-cache.js';
import type { RunningServer } from '../src/index.js';
import { CHAIN, waitFor } from './blockchain-helpers.js';
import { DEV, getJson, start } from './helpers.js';

let chain: HardhatNode;
let proxy: Server;
let server: RunningServer;
/** eth_call requests the server sent to the node (each call of a batch counts). */
let ethCalls = 0;

beforeAll(async () => {
  chain = await startHardhat({ port: 0 });
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString();
      const body = JSON.parse(text) as unknown;
      for (const call of (Array.isArray(body) ? body : [body]) as { method: string }[]) if (call.method === 'eth_call') ethCalls++;
      const upstream = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
      res.setHeader('content-type', 'application/json');
      res.end(await upstream.text());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  server = await start({ seed: { wallets: 1 }, relayPort: false, evmRpc: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
  await waitFor('the chain known', async () => ((await getJson(server, '/health')).body.evm.chainId ? true : undefined));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await chain?.stop();
});

const price = (addresses: string[]) =>
  getJson(server, `/v1/fungible/price?projectId=${DEV}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'usd', addresses }),
  });

const unknownAddresses = (n: number, salt: number) =>
  Array.from({ length: n }, (_, i) => `${CHAIN}:0x${salt.toString(16).padStart(8, '0')}${i.toString(16).padStart(32, '0')}`);

describe('POST /v1/fungible/price with unknown addresses', () => {
  it('asks the node once per address, then answers from the cache with no chain call', async () => {
    const addresses = unknownAddresses(FUNGIBLE_PRICE_MAX, 1);
    const before = ethCalls;
    const first = await price(addresses);
    expect(first.status).toBe(200);
    expect(first.body.fungibles).toHaveLength(FUNGIBLE_PRICE_MAX);
    expect(first.body.fungibles[0]).toMatchObject({ symbol: 'TOKEN', price: 0 });
    expect(ethCalls - before).toBe(3 * FUNGIBLE_PRICE_MAX); // name, symbol, decimals of each, once

    const afterFirst = ethCalls;
    for (let i = 0; i < 3; i++) expect((await price(addresses)).body).toEqual(first.body);
    expect(ethCalls).toBe(afterFirst);

    // Half known, half new: only the new ones are read.
    const mixed = [...addresses.slice(0, 50), ...unknownAddresses(50, 2)];
    expect((await price(mixed)).status).toBe(200);
    expect(ethCalls - afterFirst).toBe(3 * 50);
  });

  it(`refuses more than ${FUNGIBLE_PRICE_MAX} addresses with a 400 naming the limit, before any chain call`, async () => {
    const before = ethCalls;
    const reply = await price(unknownAddresses(FUNGIBLE_PRICE_MAX + 1, 3));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: `Invalid body field 'addresses': must list at most ${FUNGIBLE_PRICE_MAX} addresses per request`,
      field: 'addresses',
    });
    expect(ethCalls).toBe(before);
  });
});

describe('TokenInfoCache', () => {
  it('forgets entries after their time and keeps at most its size, the oldest dropped first', () => {
    let now = 0;
    const cache = new TokenInfoCache({ maxEntries: 2, ttlMs: 100, now: () => now });
    const info = { name: 'T', symbol: 'T' };
    cache.set(CHAIN, '0xa', info);
    cache.set(CHAIN, '0xb', info);
    cache.set(CHAIN, '0xc', info);
    expect(cache.size).toBe(2);
    expect(cache.get(CHAIN, '0xa')).toBeUndefined();
    expect(cache.get(CHAIN, '0xc')).toEqual(info);
    now = 100;
    expect(cache.get(CHAIN, '0xc')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
