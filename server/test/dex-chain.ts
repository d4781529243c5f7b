/**
 * For the swap route tests: a Hardhat node with the demo tokens and the DEX deployed (through
 * the same deployDex as the bin) into the storage of a data folder, and a seeded backend on that
 * folder reading the node; viem clients for Hardhat's unlocked dev accounts. The storage is opened
 * as the server opens it (openServerStorage), so on the engines' run (vitest.engines.config.ts)
 * the DEX goes into the Postgres database that stands for the folder, and the server finds it.
 */
import path from 'node:path';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { deployDemoContracts, type DemoContracts } from '../../scripts/lib/contracts.mjs';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { tempDir } from './helpers.js';
import { openServerStorage } from '../src/storage/server-storage.js';
import { startServer, type RunningServer } from '../src/index.js';
import { deployDex } from '../src/dex/deploy.js';
import type { DexRecord } from '../src/dex/store.js';

export interface DexChain {
  node: HardhatNode;
  demo: DemoContracts;
  dex: DexRecord;
  server: RunningServer;
  publicClient: ReturnType<typeof createPublicClient<ReturnType<typeof http>, typeof hardhat>>;
  wallet(account: Address): ReturnType<typeof createWalletClient<ReturnType<typeof http>, typeof hardhat, Address>>;
  close(): Promise<void>;
}

export async function startDexChain(): Promise<DexChain> {
  const node = await startHardhat();
  const { dir, remove } = tempDir();
  let server: RunningServer | undefined;
  try {
    const demo = await deployDemoContracts(node.url);
    const dataDir = path.join(dir, 'data');
    const storage = await openServerStorage(undefined, dataDir);
    let dex: DexRecord;
    try {
      ({ record: dex } = await deployDex({ storage, rpcUrl: node.url, tokens: [demo.dusd, demo.dusdt] }));
    } finally {
      await storage.close();
    }
    server = await startServer({ port: 0, relayPort: false, framePort: false, seed: { wallets: 1 }, dataDir, evmRpc: node.url });
    const transport = http(node.url, { retryCount: 0 });
    const running = server;
    return {
      node,
      demo,
      dex,
      server,
      publicClient: createPublicClient({ chain: hardhat, transport }),
      wallet: (account) => createWalletClient({ chain: hardhat, transport, account }),
      async close() {
        await running.close();
        await node.stop();
        remove();
      },
    };
  } catch (err) {
    await server?.close();
    await node.stop();
    remove();
    throw err;
  }
}
