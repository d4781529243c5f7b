/** The Blockchain API client against the real backend of server/ indexing a Hardhat node with the demo contracts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { deployDemoContracts, type DemoContracts } from '../../scripts/lib/contracts.mjs';
import { createBlockchainApi, type BlockchainApi } from './blockchain-api.js';
import { ApiError } from './errors.js';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337';

let node: HardhatNode;
let server: RunningServer;
let contracts: DemoContracts;
let api: BlockchainApi;

beforeAll(async () => {
  node = await startHardhat();
  contracts = await deployDemoContracts(node.url);
  server = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: false, evmRpc: node.url });
  api = createBlockchainApi({ blockchainApiUrl: server.url, projectId: DEV_PROJECT_ID });
  // The indexer needs a moment to reach the chain's head (the demo tokens' mint transfers).
  for (let i = 0; i < 150; i++) {
    const { http } = await api.getSupportedChains();
    if (http.includes(CHAIN) && (await api.getBalances(ACCOUNT, { chainId: CHAIN })).length >= 3) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 90_000);

afterAll(async () => {
  await server?.close();
  await node?.stop();
});

describe('Blockchain API client on the real backend', () => {
  it('lists the indexed chain', async () => {
    await expect(api.getSupportedChains()).resolves.toEqual({ http: [CHAIN], ws: [] });
  });

  it('reads the native coin and the demo tokens, each parsed by the wire schema', async () => {
    const balances = await api.getBalances(ACCOUNT, { chainId: CHAIN, forceUpdate: true });
    const native = balances.find((b) => !b.address);
    expect(native).toMatchObject({ symbol: 'ETH', chainId: CHAIN, quantity: { decimals: '18' } });
    expect(Number(native!.quantity.numeric)).toBeGreaterThan(9000);
    const addresses = balances.map((b) => b.address?.toLowerCase());
    expect(addresses).toContain(`${CHAIN}:${contracts.dusd.toLowerCase()}`);
    expect(addresses).toContain(`${CHAIN}:${contracts.dusdt.toLowerCase()}`);
  });

  it('reads NFTs (the spam one flagged), history and identity', async () => {
    const nfts = await api.getNfts(ACCOUNT, { chainId: CHAIN });
    expect(nfts.filter((n) => !n.spam)).toHaveLength(3);
    expect(nfts.some((n) => n.spam)).toBe(true);
    const history = await api.getHistory(ACCOUNT, { chainId: CHAIN });
    expect(history.data.length).toBeGreaterThan(0);
    expect(history.data.every((t) => t.metadata.chain === CHAIN || t.metadata.chain.endsWith('31337'))).toBe(true);
    const identity = await api.getIdentity(ACCOUNT, { sender: ACCOUNT, chainId: CHAIN });
    expect(identity).toHaveProperty('name');
  });

  it('prices tokens by CAIP-10 id', async () => {
    const fungibles = await api.getFungiblePrices([`${CHAIN}:${contracts.dusd}`]);
    expect(fungibles[0]).toMatchObject({ symbol: 'DUSD' });
  });

  it('another chain is a 400 naming chainId', async () => {
    const err = await api.getBalances(ACCOUNT, { chainId: 'eip155:1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).field).toBe('chainId');
  });
});
