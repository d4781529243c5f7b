/**
 * The indexer when the node's blocks do not hang together: Hardhat's `hardhat_mine` (reserved
 * blocks with a zero parent hash) is followed by block numbers, and a range the node cannot serve
 * is reported as a stall on /health and in the log, until the node serves it again.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { ACCOUNTS, api, CHAIN, clients, indexedUpTo, mined, waitFor } from './blockchain-helpers.js';
import { getJson, start } from './helpers.js';
import type { RunningServer } from '../src/index.js';

let chain: HardhatNode;
beforeAll(async () => {
  chain = await startHardhat({ port: 0 });
}, 60_000);
afterAll(() => chain?.stop());

let server: RunningServer | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  proxy = undefined;
});

const rpc = async (method: string, params: unknown[] = []) => {
  const res = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};

const health = async () => (await getJson(server!, '/health')).body;

describe('hardhat_mine then a transaction', () => {
  it('indexes the mined blocks and the transaction, logs once why, and /health shows no stall', async () => {
    const warnings: string[] = [];
    server = await start({
      seed: { wallets: 1 },
      relayPort: false,
      evmRpc: chain.url,
      indexerLogger: { info: () => undefined, warn: (m) => warnings.push(m) },
    });
    const c = clients(chain.url);
    await indexedUpTo(server, c);

    const before = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
    await rpc('hardhat_mine', ['0x1e']);
    const hash = await c.walletClient.sendTransaction({ account: ACCOUNTS[0], to: ACCOUNTS[1], value: 5n });
    await mined(c, hash);
    const head = await indexedUpTo(server, c, 15_000);
    expect(head).toBe(before + 31);

    const history = await api(server, `/v1/account/${ACCOUNTS[1]}/history`, { chainId: CHAIN });
    expect(history.body.data.map((t: { metadata: { hash: string } }) => t.metadata.hash)).toContain(hash);
    expect(await health()).toMatchObject({ evm: { head, indexed: head, stalled: false, stalledSince: null, lastError: null } });
    expect(warnings.filter((w) => w.includes('do not link'))).toHaveLength(1);
    expect(warnings.find((w) => w.includes('do not link'))).toMatch(/parent hash 0x0{64} is not the hash of block \d+/);
  }, 40_000);
});

/** A JSON-RPC proxy to the Hardhat node that answers null for block `hidden.block` (fetched with its transactions). */
async function hidingProxy(hidden: { block: number | undefined }): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as unknown;
      const calls = (Array.isArray(body) ? body : [body]) as { id: number; method: string; params: unknown[] }[];
      const upstream = await fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const reply = (await upstream.json()) as unknown;
      const replies = (Array.isArray(reply) ? reply : [reply]) as { id: number; result: unknown }[];
      for (const r of replies) {
        const call = calls.find((c) => c.id === r.id);
        if (call?.method === 'eth_getBlockByNumber' && call.params[1] === true && Number(call.params[0]) === hidden.block) r.result = null;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

describe('a range the node cannot serve', () => {
  it('is logged, indexed up to the block before, reported as stalled on /health, and recovers', async () => {
    const c = clients(chain.url);
    for (let i = 0; i < 8; i++) await rpc('evm_mine');
    const head = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
    const hidden = { block: (head - 3) as number | undefined };
    const url = await hidingProxy(hidden);
    const warnings: string[] = [];
    server = await start({
      relayPort: false,
      evmRpc: url,
      evmStallAfterMs: 1500,
      indexerLogger: { info: () => undefined, warn: (m) => warnings.push(m) },
    });

    const stalled = await waitFor('the stall at the hidden block on /health', async () => {
      const reply = await health();
      return reply.evm.stalled && reply.evm.indexed === head - 4 ? reply : undefined;
    });
    expect(stalled.evm).toMatchObject({ head, indexed: head - 4, stalled: true });
    expect(stalled.evm.lastError).toBe(`blocks ${head - 3} to ${head - 3} do not hang together: the node has no block ${head - 3}`);
    expect(Date.parse(stalled.evm.stalledSince)).toBeLessThanOrEqual(Date.now() - 1500);
    expect(warnings.filter((w) => w.includes(`the node has no block ${head - 3}; reading them again`))).toHaveLength(1);
    expect(warnings.some((w) => w.includes(`stalled at block ${head - 4} (the node's head is ${head})`))).toBe(true);

    hidden.block = undefined;
    await indexedUpTo(server, c);
    expect((await health()).evm).toMatchObject({ indexed: head, stalled: false, stalledSince: null, lastError: null });
    expect(warnings.at(-1)).toBe(`EVM indexer (${CHAIN}): indexing again from block ${head - 3}`);
  }, 40_000);
});
