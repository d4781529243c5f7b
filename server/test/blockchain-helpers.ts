/**
 * Helpers of the Blockchain API tests: a Hardhat node with the demo contracts, a server
 * indexing it, viem clients sending from Hardhat's unlocked dev accounts, and polling with a
 * deadline (never a fixed sleep).
 */
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  type Address,
  type Hash,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { hardhat } from 'viem/chains';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { deployDemoContracts, type DemoContracts } from '../../scripts/lib/contracts.mjs';
import type { RunningServer, StartServerOptions } from '../src/index.js';
import { DEV, getJson, start, type JsonReply } from './helpers.js';

/** Hardhat's dev accounts 0 to 3 (unlocked on the node). */
export const ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
] as const satisfies readonly Address[];

export const CHAIN = 'eip155:31337';
export const ERC20_ABI = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
export const TETHER_ABI = parseAbi(['function transfer(address to, uint256 value)']);
export const NFT_ABI = parseAbi([
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function mint(address to) returns (uint256)',
]);

export interface Clients {
  publicClient: PublicClient<Transport, typeof hardhat>;
  walletClient: WalletClient<Transport, typeof hardhat>;
}

export function clients(url: string): Clients {
  const transport = http(url, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain: hardhat, transport }),
    walletClient: createWalletClient({ chain: hardhat, transport }),
  };
}

/** Waits for the receipt of a transaction and fails on a revert. */
export async function mined({ publicClient }: Clients, hash: Hash): Promise<void> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

export interface ChainServer {
  chain: HardhatNode;
  contracts: DemoContracts;
  server: RunningServer;
  clients: Clients;
  close(): Promise<void>;
}

/** A Hardhat node with the demo contracts and a seeded server indexing it. */
export async function startChainServer(options: StartServerOptions = {}): Promise<ChainServer> {
  const chain = await startHardhat({ port: 0 });
  try {
    const contracts = await deployDemoContracts(chain.url);
    const server = await start({ seed: { wallets: 10 }, relayPort: false, evmRpc: chain.url, ...options });
    const ctx: ChainServer = {
      chain,
      contracts,
      server,
      clients: clients(chain.url),
      // A test may replace the node: stop whichever it is then.
      close: async () => {
        await ctx.server.close();
        await ctx.chain.stop();
      },
    };
    return ctx;
  } catch (err) {
    await chain.stop();
    throw err;
  }
}

/** Calls `fn` until it returns something other than undefined, or fails after `deadlineMs`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, deadlineMs = 10_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${deadlineMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** GET with the project and SDK query parameters the client sends. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function api<T = any>(
  server: RunningServer,
  path: string,
  query: Record<string, string> = {},
  init: RequestInit = {},
): Promise<JsonReply<T>> {
  const params = new URLSearchParams({ projectId: DEV, st: 'w3kit', sv: 'w3kit-0.1.0', ...query });
  return getJson<T>(server, `${path}?${params}`, init);
}

/** The last indexed block the server reports on /health. */
export async function indexedBlock(server: RunningServer): Promise<number | null> {
  const health = await getJson(server, '/health');
  return health.body.evm.indexed as number | null;
}

/** Waits until the index has caught up with the node's head. */
export async function indexedUpTo(server: RunningServer, { publicClient }: Clients, deadlineMs = 10_000): Promise<number> {
  const head = Number(await publicClient.getBlockNumber({ cacheTime: 0 }));
  return waitFor(`block ${head} indexed`, async () => (((await indexedBlock(server)) ?? -1) >= head ? head : undefined), deadlineMs);
}
