/**
 * The Blockchain API's data commands (prices, identities, spam list), `--seed` prices, the
 * server without a node or with one that never answers, and the pure parts (spam heuristic,
 * token URIs, cursors).
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CONTRACTS } from '../../scripts/lib/contracts.mjs';
import { freePort } from '../../scripts/lib/hardhat.mjs';
import { parseTokenUri } from '../src/blockchain/metadata.js';
import { decodeCursor, encodeCursor } from '../src/blockchain/history.js';
import { main, type CliIo } from '../src/cli/index.js';
import {
  DEV_PRICES,
  getIdentity,
  listPrices,
  listSpam,
  looksLikeSpam,
  openDatabase,
  sqliteStorage,
  startServer,
  type Storage,
} from '../src/index.js';
import { ACCOUNTS, api, CHAIN } from './blockchain-helpers.js';
import { getJson, tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {}, cwd: dir };
  const code = await main([...argv, '--data', path.join(dir, 'data')], io);
  return { code, stdout, stderr };
}

async function withDb<T>(fn: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = sqliteStorage(openDatabase(path.join(dir, 'data')));
  try {
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

describe('prices commands', () => {
  it('set, list and remove prices', async () => {
    expect(await cli('prices', 'set', CHAIN, 'native', '3000')).toMatchObject({
      code: 0,
      stdout: `Price of native on ${CHAIN}: 3000 USD\n`,
    });
    expect((await cli('prices', 'set', CHAIN, DEMO_CONTRACTS.dusd, '1')).code).toBe(0);
    expect((await cli('prices', 'set', CHAIN, DEMO_CONTRACTS.dusd, '0.99')).code).toBe(0);
    const list = await cli('prices', 'list');
    expect(list.stdout).toBe(`${CHAIN}\tnative\t3000\n${CHAIN}\t${DEMO_CONTRACTS.dusd}\t0.99\n`);
    expect(JSON.parse((await cli('prices', 'list', '--json')).stdout)).toEqual([
      { chainId: CHAIN, token: 'native', usd: 3000, updatedAt: expect.any(String) },
      { chainId: CHAIN, token: DEMO_CONTRACTS.dusd.toLowerCase(), usd: 0.99, updatedAt: expect.any(String) },
    ]);
    expect((await cli('prices', 'remove', CHAIN, 'native')).code).toBe(0);
    expect((await cli('prices', 'remove', CHAIN, 'native')).code).toBe(1);
    expect(await withDb(listPrices)).toHaveLength(1);
  });

  it('names the bad argument and exits 2', async () => {
    const cases: [string[], string][] = [
      [['prices', 'set', '31337', 'native', '1'], "Invalid chain '31337'"],
      [['prices', 'set', CHAIN, 'eth', '1'], "Invalid token 'eth'"],
      [['prices', 'set', CHAIN, 'native', '1e3'], "Invalid USD '1e3'"],
      [['prices', 'set', CHAIN, 'native', 'lots'], "Invalid USD 'lots'"],
      [['prices', 'set', CHAIN, 'native'], 'needs CHAIN TOKEN USD'],
      [['prices', 'list', 'extra'], 'takes no arguments'],
      [['prices', 'raise'], "Unknown command 'prices raise'"],
    ];
    for (const [argv, text] of cases) {
      const run = await cli(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toContain(text);
    }
  });
});

describe('identity commands', () => {
  it('set (with and without avatar), list and remove', async () => {
    const set = await cli('identity', 'set', ACCOUNTS[1], 'bob.w3kit');
    expect(set).toMatchObject({ code: 0, stdout: `Identity of ${ACCOUNTS[1]}: "bob.w3kit"\n` });
    expect((await cli('identity', 'set', ACCOUNTS[2].toLowerCase(), 'carol', 'https://example.com/c.png')).code).toBe(0);
    expect(await withDb((db) => getIdentity(db, ACCOUNTS[2]))).toEqual({ name: 'carol', avatar: 'https://example.com/c.png' });
    expect((await cli('identity', 'list')).stdout).toBe(
      `${ACCOUNTS[2]}\t"carol"\thttps://example.com/c.png\n${ACCOUNTS[1]}\t"bob.w3kit"\n`,
    );
    expect((await cli('identity', 'remove', ACCOUNTS[1])).code).toBe(0);
    expect(await withDb((db) => getIdentity(db, ACCOUNTS[1]))).toEqual({ name: null, avatar: null });
    expect((await cli('identity', 'remove', ACCOUNTS[1])).code).toBe(1);
  });

  it('names the bad argument and exits 2', async () => {
    const cases: [string[], string][] = [
      [['identity', 'set', 'bob', 'bob'], "Invalid address 'bob'"],
      [['identity', 'set', ACCOUNTS[1], ' '], 'Invalid name'],
      [['identity', 'set', ACCOUNTS[1], 'bob', 'javascript:alert(1)'], 'Invalid avatar'],
      [['identity', 'set', ACCOUNTS[1]], 'needs ADDRESS NAME [AVATAR]'],
    ];
    for (const [argv, text] of cases) {
      const run = await cli(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toContain(text);
      expect(run.stderr).not.toContain('--name');
    }
  });
});

describe('tokens commands', () => {
  it('spam, unspam and list', async () => {
    expect(await cli('tokens', 'spam', DEMO_CONTRACTS.spamNft.toLowerCase())).toMatchObject({
      code: 0,
      stdout: `Marked ${DEMO_CONTRACTS.spamNft} as spam\n`,
    });
    expect(await withDb(listSpam)).toEqual([DEMO_CONTRACTS.spamNft]);
    expect((await cli('tokens', 'list')).stdout).toBe(`spam list\t${DEMO_CONTRACTS.spamNft}\n`);
    expect(JSON.parse((await cli('tokens', 'list', '--json')).stdout)).toEqual({ tokens: [], spam: [DEMO_CONTRACTS.spamNft] });
    expect((await cli('tokens', 'unspam', DEMO_CONTRACTS.spamNft)).code).toBe(0);
    expect((await cli('tokens', 'unspam', DEMO_CONTRACTS.spamNft)).code).toBe(1);
    expect((await cli('tokens', 'spam', '0x12')).code).toBe(2);
  });
});

describe('--seed prices', () => {
  it('are the local chain defaults at the demo contract addresses, added only when missing', async () => {
    expect(DEV_PRICES).toEqual([
      { chainId: CHAIN, token: 'native', usd: 3000 },
      { chainId: CHAIN, token: DEMO_CONTRACTS.dusd.toLowerCase(), usd: 1 },
      { chainId: CHAIN, token: DEMO_CONTRACTS.dusdt.toLowerCase(), usd: 1 },
    ]);
    await cli('prices', 'set', CHAIN, 'native', '2500');
    const server = await startServer({ port: 0, relayPort: false, dataDir: path.join(dir, 'data'), seed: { wallets: 1 } });
    try {
      const prices = await listPrices(server.storage);
      // The Bitcoin development chain's BTC (server/src/chains/bip122/dev-prices.ts) is seeded too.
      expect(prices.filter((p) => p.chainId !== CHAIN).map((p) => [p.chainId, p.token, p.usd])).toEqual([
        ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'native', 90_000],
      ]);
      expect(prices.filter((p) => p.chainId === CHAIN).map((p) => [p.token, p.usd])).toEqual([
        ['native', 2500],
        [DEMO_CONTRACTS.dusd.toLowerCase(), 1],
        [DEMO_CONTRACTS.dusdt.toLowerCase(), 1],
      ]);
      expect(await getIdentity(server.storage, ACCOUNTS[0])).toEqual({ name: null, avatar: null });
    } finally {
      await server.close();
    }
  });
});

describe('the server without a node', () => {
  it('without --evm-rpc: no supported chains, 503 for chain data, identities still served', async () => {
    const server = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 } });
    try {
      expect((await api(server, '/v1/supported-chains')).body).toEqual({ http: [], ws: [] });
      const balance = await api(server, `/v1/account/${ACCOUNTS[0]}/balance`, { chainId: CHAIN });
      expect(balance).toMatchObject({ status: 503, body: { message: 'No EVM chain is indexed: start w3kit-server with --evm-rpc URL' } });
      expect((await api(server, `/v1/account/${ACCOUNTS[0]}/history`)).status).toBe(503);
      expect((await api(server, `/v1/identity/${ACCOUNTS[0]}`)).body).toEqual({ name: null, avatar: null });
      expect((await getJson(server, '/health')).body).toEqual({ ok: true });
    } finally {
      await server.close();
    }
  });

  it('with --evm-rpc to a node that never answers: starts, prints the chain line, answers 503, stops cleanly', async () => {
    const rpc = `http://127.0.0.1:${await freePort()}`;
    const controller = new AbortController();
    let stdout = '';
    let stderr = '';
    let ready!: (url: string) => void;
    const started = new Promise<string>((resolve) => (ready = resolve));
    const io: CliIo = {
      stdout: {
        write: (t: string) => {
          stdout += t;
          if (stdout.includes('w3kit-evm')) ready(/http:\/\/127\.0\.0\.1:\d+/.exec(stdout)![0]);
        },
      },
      stderr: { write: (t: string) => (stderr += t) },
      signal: controller.signal,
      env: {},
      cwd: dir,
    };
    const done = main(['--port', '0', '--seed', '--evm-rpc', rpc, '--data', path.join(dir, 'data')], io);
    const url = await started;
    expect(stdout).toContain(`w3kit-evm     ${rpc}  (EVM chain indexed for the Blockchain API)\n`);
    const server = { url } as Parameters<typeof api>[0];
    const balance = await api(server, `/v1/account/${ACCOUNTS[0]}/balance`, { chainId: CHAIN });
    expect(balance.status).toBe(503);
    expect(balance.body.message).toBe(`The EVM chain RPC ${rpc} has not answered yet`);
    expect((await api(server, '/v1/supported-chains')).body).toEqual({ http: [], ws: [] });
    const health = await getJson(server, '/health');
    const { lastError } = health.body.evm;
    expect(health.body).toEqual({
      ok: true,
      evm: { rpcUrl: rpc, chainId: null, connected: false, head: null, indexed: null, stalled: false, stalledSince: null, lastError },
    });
    expect([null, 'the node is not answering (ECONNREFUSED)']).toContain(lastError);
    controller.abort();
    expect(await done).toBe(0);
    expect(stderr.match(/is not answering/g)).toHaveLength(1);
  });
});

describe('spam heuristic', () => {
  it('flags names with a URL, claim or free', () => {
    for (const name of [
      'Claim Free ETH #1',
      'Visit https://x.example',
      'www.airdrop.io',
      'Reward at eth-gift.com',
      'FREE mint',
      'UNCLAIMED',
    ]) {
      expect(looksLikeSpam(name), name).toBe(true);
    }
    for (const name of ['Demo NFT #1', 'Bored Ape #1', 'Doodles', 'v1.2 Pass']) expect(looksLikeSpam(name), name).toBe(false);
  });
});

describe('token URIs', () => {
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  it('reads base64 and plain JSON data URIs, and falls back for others', () => {
    expect(
      parseTokenUri(`data:application/json;base64,${b64('{"name":"A #1","image":"data:image/svg+xml;base64,PHN2Zy8+"}')}`, 'X #1'),
    ).toEqual({
      name: 'A #1',
      image: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    expect(parseTokenUri('data:application/json,{"name":"B%20%232","image":"https://img.example/b.png"}', 'X #2')).toEqual({
      name: 'B #2',
      image: 'https://img.example/b.png',
    });
    expect(parseTokenUri('data:application/json;utf8,{"name":"C","image_data":"<svg/>"}', 'X')).toEqual({
      name: 'C',
      image: `data:image/svg+xml;base64,${b64('<svg/>')}`,
    });
    expect(parseTokenUri('ipfs://Qm/1.json', 'X #3')).toEqual({ name: 'X #3', image: null });
    expect(parseTokenUri('data:application/json,{"name":"D","image":"javascript:alert(1)"}', 'X')).toEqual({ name: 'D', image: null });
    expect(parseTokenUri(undefined, 'X #4')).toEqual({ name: 'X #4', image: null });
  });
});

describe('history cursors', () => {
  it('round-trip and refuse anything else', () => {
    expect(decodeCursor(encodeCursor(123, 4))).toEqual({ block: 123, txIndex: 4 });
    for (const bad of ['', '!!', Buffer.from('1.2.3').toString('base64url'), Buffer.from('-1.2').toString('base64url')]) {
      expect(() => decodeCursor(bad), bad).toThrow(/cursor/);
    }
  });
});
