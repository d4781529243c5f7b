/** scripts/lib/dex.mjs: the built bin's `dex deploy` as a child process, its JSON, its reuse of the record and its error. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../server/scripts/bundle.mjs';
import { deployDemoContracts, type DemoContracts } from './contracts.mjs';
import { deployDex } from './dex.mjs';
import { startHardhat, type HardhatNode } from './hardhat.mjs';

let node: HardhatNode;
let demo: DemoContracts;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'w3kit-dex-'));
  [node] = await Promise.all([startHardhat(), bundleServer()]);
  demo = await deployDemoContracts(node.url);
}, 60_000);
afterAll(async () => {
  await node?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('deployDex', () => {
  it('deploys the DEX pairing DUSD and DUSDT, returns the printed record, and the same record again without deploying', async () => {
    const dex = await deployDex(node.url, { dataDir, tokens: [demo.dusd, demo.dusdt] });
    expect(dex).toMatchObject({
      chainId: 31337,
      tokens: [
        { symbol: 'DUSD', address: demo.dusd, decimals: 6 },
        { symbol: 'DUSDT', address: demo.dusdt, decimals: 6 },
      ],
    });
    const client = createPublicClient({ transport: http(node.url) });
    expect(await client.getCode({ address: dex.router })).toMatch(/^0x[0-9a-f]+$/);
    const head = await client.getBlockNumber();
    expect(await deployDex(node.url, { dataDir, tokens: [demo.dusd, demo.dusdt] })).toEqual(dex);
    expect(await client.getBlockNumber()).toBe(head);
  });

  it("rejects with the bin's one-line error", async () => {
    await expect(deployDex(node.url, { dataDir, tokens: [demo.nft] })).rejects.toThrow(
      `w3kit-server dex deploy: --token ${demo.nft} is not an ERC-20 on this chain: decimals() reverted`,
    );
  });
});
