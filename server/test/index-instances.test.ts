/**
 * The EVM index with several instances (issue 31): two indexers (two storages on one Postgres
 * database, as two instances have) index the same blocks of a real Hardhat chain at the same
 * time, and the index holds exactly the rows one indexer alone writes; the index lease decides
 * whether an indexer writes at all.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDemoContracts } from '../../scripts/lib/contracts.mjs';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { createIndexer, type Indexer, type IndexLease } from '../src/blockchain/indexer.js';
import type { Storage } from '../src/storage/engine.js';
import type { StorageSchema } from '../src/storage/schema.js';
import { ACCOUNTS, clients, ERC20_ABI, mined, NFT_ABI, waitFor } from './blockchain-helpers.js';
import { freshStorage, openAgain, postgresUrl } from './engines.js';

const CHAIN = 'eip155:31337';
let chain: HardhatNode;
let head: number;

beforeAll(async () => {
  chain = await startHardhat({ port: 0 });
  const demo = await deployDemoContracts(chain.url);
  const c = clients(chain.url);
  const { walletClient } = c;
  const dusd = demo.dusd as `0x${string}`;
  const nft = demo.nft as `0x${string}`;
  for (const to of ACCOUNTS.slice(1))
    await mined(
      c,
      await walletClient.writeContract({
        account: ACCOUNTS[0],
        address: dusd,
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [to, 10n ** 6n],
      }),
    );
  // NFT 1 moves twice (its owner is the last move's), NFT 2 once.
  for (const [from, to, id] of [
    [ACCOUNTS[0], ACCOUNTS[1], 1n],
    [ACCOUNTS[1], ACCOUNTS[2], 1n],
    [ACCOUNTS[0], ACCOUNTS[3], 2n],
  ] as const)
    await mined(
      c,
      await walletClient.writeContract({ account: from, address: nft, abi: NFT_ABI, functionName: 'transferFrom', args: [from, to, id] }),
    );
  head = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
}, 90_000);
afterAll(async () => {
  await chain?.stop();
});

const TABLES = ['evm_blocks', 'evm_transactions', 'evm_transfers', 'evm_tokens', 'evm_nfts'] as const;

/** Every row of the index, sorted, with the chain's head (not its timestamps). */
async function dump(storage: Storage) {
  const db = storage.db as Kysely<StorageSchema>;
  const tables: Record<string, string[]> = {};
  for (const table of TABLES) tables[table] = (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  const chains = await db.selectFrom('evm_chains').select(['chain_id', 'rpc_url', 'head']).execute();
  const badges = (await db.selectFrom('images').select('id').where('kind', '=', 'token').execute()).map((r) => r.id).sort();
  return { tables, chains, badges };
}

function indexer(storage: Storage, warnings: string[], lease?: IndexLease): Indexer {
  return createIndexer({
    storage,
    rpcUrl: chain.url,
    pollIntervalMs: 10,
    batchSize: 3,
    ...(lease ? { lease } : {}),
    logger: { info: () => undefined, warn: (line) => warnings.push(line) },
  });
}

async function indexedToHead(...indexers: Indexer[]): Promise<void> {
  await waitFor(
    `block ${head} indexed`,
    async () => (indexers.every((i) => (i.status().indexed ?? -1) >= head) ? true : undefined),
    30_000,
  );
}

describe('two instances indexing one chain into one Postgres', () => {
  it('leave the rows one indexer alone writes: none twice, none missing', async () => {
    const warnings: string[] = [];
    const alone = await freshStorage('sqlite');
    const solo = indexer(alone, warnings);
    solo.start();
    await indexedToHead(solo);
    await solo.stop();
    const expected = await dump(alone);
    expect(expected.tables.evm_blocks).toHaveLength(head + 1);
    expect(expected.tables.evm_nfts?.length).toBeGreaterThanOrEqual(4);

    const url = await postgresUrl();
    const [a, b] = [await openAgain(url), await openAgain(url)];
    const racing = [indexer(a, warnings), indexer(b, warnings)];
    racing.forEach((i) => i.start());
    await indexedToHead(...racing);
    await Promise.all(racing.map((i) => i.stop()));
    expect(await dump(a)).toEqual(expected);
    // Neither refused a batch (no deadlock, no unique violation): both wrote every block they read.
    expect(warnings).toEqual([]);
  }, 60_000);
});

describe('the index lease', () => {
  it('is asked with the chain before each pass: not held, the indexer writes nothing; held, it indexes', async () => {
    const storage = await freshStorage('sqlite');
    const asked: string[] = [];
    let held = false;
    const warnings: string[] = [];
    const follower = indexer(storage, warnings, {
      held: async (chainKey) => {
        asked.push(chainKey);
        return held;
      },
    });
    follower.start();
    try {
      await waitFor('a few passes', async () => (asked.length >= 5 && follower.status().head === head ? true : undefined));
      expect(new Set(asked)).toEqual(new Set([CHAIN]));
      expect(follower.status()).toMatchObject({ chainId: CHAIN, connected: true, indexed: null, stalled: false });
      expect((await dump(storage)).tables.evm_blocks).toEqual([]);
      held = true;
      await indexedToHead(follower);
    } finally {
      await follower.stop();
    }
    expect(warnings).toEqual([]);
  }, 30_000);

  it('counts a lease that throws as not held, and says so once', async () => {
    const storage = await freshStorage('sqlite');
    const warnings: string[] = [];
    let passes = 0;
    const broken = indexer(storage, warnings, {
      held: async () => {
        passes++;
        throw new Error('redis is gone');
      },
    });
    broken.start();
    try {
      await waitFor('a few passes', async () => (passes >= 5 ? true : undefined));
    } finally {
      await broken.stop();
    }
    expect(warnings).toEqual([`EVM indexer: the index lease of ${CHAIN} did not answer (redis is gone); not indexing until it does`]);
    expect((await dump(storage)).tables.evm_blocks).toEqual([]);
  }, 30_000);
});
