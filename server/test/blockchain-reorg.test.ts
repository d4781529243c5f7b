/**
 * The indexer when the chain changes under it: evm_revert to a snapshot (a lower head, then a
 * different block at the same height), the node going away (clear 503s, the server keeps
 * serving) and a new node on the same port (a restarted chain is indexed again from scratch).
 */
import type { Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat } from '../../scripts/lib/hardhat.mjs';
import { deployDemoContracts, DEMO_CONTRACTS } from '../../scripts/lib/contracts.mjs';
import {
  ACCOUNTS,
  api,
  CHAIN,
  clients,
  indexedUpTo,
  mined,
  NFT_ABI,
  startChainServer,
  waitFor,
  type ChainServer,
} from './blockchain-helpers.js';
import { getJson } from './helpers.js';

let ctx: ChainServer;
beforeAll(async () => {
  ctx = await startChainServer();
  await indexedUpTo(ctx.server, ctx.clients);
}, 60_000);
afterAll(() => ctx?.close());

const historyHashes = async (address: string): Promise<string[]> => {
  const reply = await api(ctx.server, `/v1/account/${address}/history`, { chainId: CHAIN });
  expect(reply.status).toBe(200);
  return reply.body.data.map((t: { metadata: { hash: string } }) => t.metadata.hash);
};

const nftIds = async (address: string): Promise<string[]> =>
  (await api(ctx.server, `/v1/account/${address}/nfts`, { chainId: CHAIN })).body.data.map((n: { tokenId: string }) => n.tokenId);

const rpc = async (method: string, params: unknown[] = []) => {
  const res = await fetch(ctx.chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};

const pay = async (value: bigint, to: `0x${string}` = ACCOUNTS[2]): Promise<Hash> => {
  const hash = await ctx.clients.walletClient.sendTransaction({ account: ACCOUNTS[0], to, value });
  await mined(ctx.clients, hash);
  return hash;
};

describe('evm_snapshot and evm_revert', () => {
  it('drops what the revert undid when the head goes lower, NFT owners included', async () => {
    const snapshot = await rpc('evm_snapshot');
    const paid = await pay(7n);
    const moved = await ctx.clients.walletClient.writeContract({
      account: ACCOUNTS[0],
      address: DEMO_CONTRACTS.nft,
      abi: NFT_ABI,
      functionName: 'transferFrom',
      args: [ACCOUNTS[0], ACCOUNTS[2], 3n],
    });
    await mined(ctx.clients, moved);
    await waitFor('both transactions indexed', async () => {
      const hashes = await historyHashes(ACCOUNTS[2]);
      return hashes.includes(paid) && hashes.includes(moved) ? true : undefined;
    });
    expect(await nftIds(ACCOUNTS[2])).toEqual(['3']);

    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await waitFor('the reverted transactions gone', async () => ((await historyHashes(ACCOUNTS[2])).length === 0 ? true : undefined));
    expect(await nftIds(ACCOUNTS[2])).toEqual([]);
    expect(await nftIds(ACCOUNTS[0])).toEqual(['1', '2', '3', '1']);
    await indexedUpTo(ctx.server, ctx.clients);
  });

  it('replaces a block at the same height with the one the node has now', async () => {
    const snapshot = await rpc('evm_snapshot');
    const first = await pay(11n);
    await waitFor('the first payment indexed', async () => ((await historyHashes(ACCOUNTS[2])).includes(first) ? true : undefined));
    const height = (await ctx.clients.publicClient.getTransactionReceipt({ hash: first })).blockNumber;

    await rpc('evm_revert', [snapshot]);
    const second = await pay(12n); // same nonce, same height, another block
    expect((await ctx.clients.publicClient.getTransactionReceipt({ hash: second })).blockNumber).toBe(height);
    await waitFor('only the second payment', async () => {
      const hashes = await historyHashes(ACCOUNTS[2]);
      return hashes.length === 1 && hashes[0] === second ? true : undefined;
    });
    const page = await api(ctx.server, `/v1/account/${ACCOUNTS[2]}/history`, { chainId: CHAIN });
    expect(page.body.data[0].transfers[0].quantity.numeric).toBe('0.000000000000000012');
    await indexedUpTo(ctx.server, ctx.clients);
  });
});

describe('the node going away and a new chain on the same port', () => {
  it('answers 503 naming the chain RPC while the node is down, keeps serving the index, and re-indexes a restarted chain', async () => {
    const old = await pay(21n, ACCOUNTS[3]);
    await waitFor('the payment indexed', async () => ((await historyHashes(ACCOUNTS[3])).includes(old) ? true : undefined));
    const port = ctx.chain.port;
    await ctx.chain.stop();

    const balance = await api(ctx.server, `/v1/account/${ACCOUNTS[0]}/balance`, { currency: 'usd', chainId: CHAIN });
    expect(balance.status).toBe(503);
    expect(balance.body.message).toBe(`The chain RPC of ${CHAIN} (${ctx.chain.url}) is not answering: ECONNREFUSED`);
    expect(balance.headers.get('retry-after')).toBe('1');
    await waitFor('the indexer to notice', async () => ((await getJson(ctx.server, '/health')).body.evm.connected ? undefined : true));
    expect((await getJson(ctx.server, '/health')).body).toMatchObject({ ok: true, evm: { chainId: CHAIN, connected: false } });
    expect(await historyHashes(ACCOUNTS[3])).toEqual([old]);
    expect((await api(ctx.server, '/v1/supported-chains')).body).toEqual({ http: [CHAIN], ws: [] });
    const price = await getJson(ctx.server, `/v1/fungible/price?projectId=w3kit-dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'usd', addresses: [`${CHAIN}:${ACCOUNTS[3]}`] }),
    });
    expect(price.status).toBe(503);
    expect(price.body.message).toContain(ctx.chain.url);

    // A new chain on the same port: lower head, other hashes.
    ctx.chain = await startHardhat({ port, chainId: 31337 });
    ctx.clients = clients(ctx.chain.url);
    expect(await deployDemoContracts(ctx.chain.url)).toEqual(DEMO_CONTRACTS);
    const fresh = await pay(22n, ACCOUNTS[1]);
    await waitFor('the old chain forgotten and the new one indexed', async () => {
      const hashes3 = await historyHashes(ACCOUNTS[3]);
      const hashes1 = await historyHashes(ACCOUNTS[1]);
      return hashes3.length === 0 && hashes1.length === 1 && hashes1[0] === fresh ? true : undefined;
    });
    await indexedUpTo(ctx.server, ctx.clients);
    expect(await nftIds(ACCOUNTS[0])).toEqual(['1', '2', '3', '1']);
    const after = await api(ctx.server, `/v1/account/${ACCOUNTS[0]}/balance`, { currency: 'usd', chainId: CHAIN });
    expect(after.status).toBe(200);
    expect(after.body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(['ETH', 'DUSD', 'DUSDT']);
  });
});
