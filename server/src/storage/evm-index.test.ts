/** The EVM index's repositories on both engines: writes once, rollback, reads, and the operator's data beside it. */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import type { IndexBatch } from '../blockchain/index-rows.js';
import { chainDataRepository } from './chain-data.js';
import { evmIndexRepository } from './evm-index.js';
import { evmReadsRepository } from './evm-reads.js';

const CHAIN = 'eip155:31337';
const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const NFT = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const ZERO = `0x${'0'.repeat(40)}`;

/** Block `n`: one transaction of `from`, an NFT transfer to `to` (a mint in block 1), and in block 1 the token's first transfer. */
function batch(n: number, from: string, to: string): IndexBatch {
  const tx = hash(1000 + n);
  return {
    blocks: [{ number: n, hash: hash(n), parentHash: hash(n - 1), timestamp: 1_700_000_000 + n }],
    transactions: [
      {
        hash: tx,
        blockNumber: n,
        txIndex: 0,
        from,
        to: NFT,
        createdContract: null,
        value: 0n,
        nonce: n,
        status: 'confirmed',
        timestamp: 1,
      },
    ],
    transfers: [
      { txHash: tx, logIndex: 0, blockNumber: n, kind: 'erc721', token: NFT, from: n === 1 ? ZERO : from, to, amount: 1n, tokenId: 7n },
      ...(n === 1
        ? [{ txHash: tx, logIndex: 1, blockNumber: n, kind: 'erc20' as const, token: TOKEN, from: ZERO, to, amount: 5n, tokenId: null }]
        : []),
    ],
    tokens:
      n === 1
        ? [
            { address: NFT, kind: 'erc721', name: 'Demo NFT', symbol: 'DNFT', decimals: null, imageId: 'DNFT', spam: false, firstBlock: 1 },
            {
              address: TOKEN,
              kind: 'erc20',
              name: 'Demo Dollar',
              symbol: 'DUSD',
              decimals: 6,
              imageId: 'DUSD',
              spam: false,
              firstBlock: 1,
            },
          ]
        : [],
    nfts: n === 1 ? [{ contract: NFT, tokenId: 7n, owner: to, name: 'Demo #7', image: null, spam: false, firstBlock: 1 }] : [],
    owners: [{ contract: NFT, tokenId: 7n, owner: to, block: n }],
  };
}

describe.each(ENGINES)('the EVM index on %s', (engine) => {
  it('writes a batch once, moves an NFT forward only, and answers the reads', async () => {
    const storage = await freshStorage(engine);
    const index = evmIndexRepository(storage);
    const reads = evmReadsRepository(storage);
    await index.saveChain(CHAIN, 'http://node');
    for (const b of [batch(1, ZERO, ALICE), batch(2, ALICE, BOB)]) await index.writeBatch(CHAIN, b);
    // A lagging instance writes block 1 again: nothing doubles, the NFT stays with its newer owner.
    await index.writeBatch(CHAIN, batch(1, ZERO, ALICE));
    expect(await index.lastBlock(CHAIN)).toEqual({ number: 2, hash: hash(2), parentHash: hash(1), timestamp: 1_700_000_002 });
    expect(await index.chainOfRpc('http://node')).toBe(CHAIN);
    expect(await index.blockHash(CHAIN, 1)).toBe(hash(1));
    expect([...(await index.knownTokens(CHAIN, [NFT, TOKEN, ALICE])).keys()].sort()).toEqual([TOKEN, NFT].sort());
    expect(
      await index.knownNfts(CHAIN, [
        { contract: NFT, tokenId: 7n },
        { contract: NFT, tokenId: 8n },
      ]),
    ).toEqual(new Set([`${NFT}:7`]));
    expect((await reads.ownedNfts(CHAIN, BOB)).map((n) => [n.token_id, n.collection, n.spam])).toEqual([['7', 'Demo NFT', false]]);
    expect(await reads.ownedNfts(CHAIN, ALICE)).toEqual([]);
    expect((await reads.fungibleTokens(CHAIN)).map((t) => t.symbol)).toEqual(['DUSD']);
    const page = await reads.historyTransactions(CHAIN, ALICE, undefined, 10);
    expect(page.map((t) => t.block_number)).toEqual([2, 1]);
    expect((await reads.historyTransactions(CHAIN, ALICE, { block: 2, txIndex: 0 }, 10)).map((t) => t.block_number)).toEqual([1]);
    const transfers = await reads.transfersOf(CHAIN, [hash(1001)], ALICE);
    expect(transfers.get(hash(1001))?.map((t) => t.kind)).toEqual(['erc721', 'erc20']);

    // The operator marks the collection as spam: every read says so at once.
    const data = chainDataRepository(storage);
    await data.markSpam(NFT);
    expect((await reads.ownedNfts(CHAIN, BOB))[0]?.spam).toBe(true);
    expect((await reads.tokensByAddress(CHAIN, [NFT])).get(NFT)?.spam).toBe(true);
    expect(await data.unmarkSpam(NFT)).toBe(true);
    expect(await data.unmarkSpam(NFT)).toBe(false);
  });

  it('rolls back above an ancestor in one step, giving an NFT back to its last remaining owner', async () => {
    const storage = await freshStorage(engine);
    const index = evmIndexRepository(storage);
    const reads = evmReadsRepository(storage);
    await index.saveChain(CHAIN, 'http://node');
    for (const b of [batch(1, ZERO, ALICE), batch(2, ALICE, BOB)]) await index.writeBatch(CHAIN, b);
    await index.rollback(CHAIN, 1);
    expect((await index.lastBlock(CHAIN))?.number).toBe(1);
    expect((await reads.ownedNfts(CHAIN, ALICE)).map((n) => n.token_id)).toEqual(['7']);
    expect(await reads.historyTransactions(CHAIN, BOB, undefined, 10)).toEqual([]);
    await index.rollback(CHAIN, -1);
    expect(await index.lastBlock(CHAIN)).toBeUndefined();
    expect(await reads.ownedNfts(CHAIN, ALICE)).toEqual([]);
    expect(await reads.listTokens()).toEqual([]);
  });

  it('keeps prices and identities, a name held by one address in any case', async () => {
    const data = chainDataRepository(await freshStorage(engine));
    await data.setPrice({ chainId: CHAIN, token: TOKEN, usd: 1, updatedAt: 'a' });
    await data.addPrices([
      { chainId: CHAIN, token: 'native', usd: 3000 },
      { chainId: CHAIN, token: TOKEN, usd: 9 },
    ]);
    expect((await data.listPrices()).map((p) => [p.token, p.usd])).toEqual([
      ['native', 3000],
      [TOKEN, 1],
    ]);
    expect(await data.usdPrices(CHAIN, ['native', ALICE])).toEqual(
      new Map([
        ['native', 3000],
        [ALICE, 0],
      ]),
    );
    expect(await data.setIdentity(ALICE, 'Alice.w3kit', null)).toBe(true);
    expect(await data.setIdentity(BOB, 'ALICE.W3KIT', null)).toBe(false);
    expect(await data.setIdentity(ALICE, 'alice.w3kit', 'https://a.example/a.png')).toBe(true);
    await data.addIdentities([{ address: BOB, name: 'Alice.W3kit' }]);
    expect(await data.listIdentities()).toEqual([{ address: ALICE, name: 'alice.w3kit', avatar: 'https://a.example/a.png' }]);
    expect((await data.identityHolder('ALICE.w3kit'))?.address).toBe(ALICE);
  });
});

describe('identities, two instances on one Postgres', () => {
  it('give a name to one address when both set it at the same time', async () => {
    const url = await postgresUrl();
    const [a, b] = [chainDataRepository(await openAgain(url)), chainDataRepository(await openAgain(url))];
    for (let round = 0; round < 10; round++) {
      const name = `race${round}`;
      const addresses = Array.from({ length: 16 }, (_, i) => `0x${String(round * 100 + i + 1).padStart(40, '0')}`);
      const results = await Promise.all(
        addresses.map((address, i) => (i % 2 ? a : b).setIdentity(address, i % 2 ? name.toUpperCase() : name, null)),
      );
      expect(results.filter(Boolean), name).toHaveLength(1);
    }
    expect(await a.listIdentities()).toHaveLength(10);
  });
});
