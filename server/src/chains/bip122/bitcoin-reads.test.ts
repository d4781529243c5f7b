/**
 * The Blockchain API's Bitcoin reads against the real development chain over real HTTP
 * (`--bitcoin-esplora`): a real P2WPKH transaction moves the balance, the UTXOs (unconfirmed,
 * then confirmed with their confirmations) and the history; fee estimates; an Esplora that does
 * not answer is a 503 naming it, one that answers in another shape a 502.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPrice } from '../../blockchain/prices.js';
import { startServer, type RunningServer } from '../../index.js';
import { getJson, post, spend, testKey } from '../../../test/btc-wallet.js';
import { DEV_BITCOIN_KEY, REGTEST_GENESIS_HASH } from './devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from './devchain/server.js';

const CHAIN = `bip122:${REGTEST_GENESIS_HASH.slice(0, 32)}`;
const BTC = 100_000_000;
const dev = testKey('w3kit dev bitcoin account');
const alice = testKey('bitcoin reads alice');
let btc: RunningBtcDevChain;
let server: RunningServer;

function read(path: string, query: Record<string, string> = {}, target = server) {
  const params = new URLSearchParams({ projectId: 'w3kit-dev', st: 'w3kit', sv: 'w3kit-0.1.0', ...query });
  return fetch(`${target.url}${path}?${params}`).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
}
const account = (address: string, what: string, query: Record<string, string> = { chainId: CHAIN }, target = server) =>
  read(`/v1/account/${encodeURIComponent(address)}/${what}`, { ...(what === 'balance' ? { currency: 'usd' } : {}), ...query }, target);

beforeAll(async () => {
  // Blocks only when the test mines them, so a transaction waits unconfirmed first.
  btc = await startBtcDevChain({ port: 0, blockTimeSeconds: 3600, onError: () => undefined });
  server = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 }, bitcoinEsplora: btc.url });
  await setPrice(server.storage, CHAIN, 'native', 90_000);
});
afterAll(async () => {
  await server?.close();
  await btc?.close();
});

describe('Bitcoin through the Blockchain API', () => {
  it('gives the balance, UTXOs and history before and after a real transaction, unconfirmed then confirmed', async () => {
    expect(dev.wpkh.address).toBe(DEV_BITCOIN_KEY.address);
    const before = await account(dev.wpkh.address, 'balance');
    expect(before.status).toBe(200);
    expect(before.body.balances).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: CHAIN,
        value: 900_000,
        price: 90_000,
        quantity: { decimals: '8', numeric: '10' },
        iconUrl: expect.any(String),
      },
    ]);
    const [coin] = (await account(dev.wpkh.address, 'utxos')).body.utxos;
    expect(coin).toEqual({ txid: expect.stringMatching(/^[0-9a-f]{64}$/), vout: expect.any(Number), value: 10 * BTC, confirmations: 1 });

    const fee = 2_000;
    const hex = spend(
      dev,
      [{ ...coin, kind: 'wpkh' }],
      [
        { address: alice.tr.address, value: BTC / 4 },
        { address: dev.wpkh.address, value: 10 * BTC - BTC / 4 - fee },
      ],
    );
    const sent = await post(btc.url, hex);
    expect(sent.status).toBe(200);

    const pending = await account(alice.tr.address, 'utxos');
    expect(pending.body).toMatchObject({ chainId: CHAIN, confirmed: 0, unconfirmed: BTC / 4, price: 90_000, value: 22_500 });
    expect(pending.body.utxos).toEqual([{ txid: sent.text, vout: 0, value: BTC / 4, confirmations: 0 }]);
    expect((await account(dev.wpkh.address, 'utxos')).body).toMatchObject({ confirmed: 10 * BTC, unconfirmed: -(BTC / 4) - fee });
    const waiting = (await account(alice.tr.address, 'history')).body.data;
    expect(waiting).toHaveLength(1);
    expect(waiting[0].metadata).toMatchObject({ hash: sent.text, status: 'pending', confirmations: 0, operationType: 'receive' });

    btc.mine();
    btc.mine();
    const after = await account(`${CHAIN}:${alice.tr.address}`, 'balance', {});
    expect(after.body.balances[0]).toMatchObject({ quantity: { decimals: '8', numeric: '0.25' }, value: 22_500 });
    expect((await account(alice.tr.address, 'utxos')).body).toMatchObject({
      confirmed: BTC / 4,
      unconfirmed: 0,
      utxos: [{ confirmations: 2 }],
    });
    const history = (await account(dev.wpkh.address, 'history')).body;
    expect(history.next).toBeNull();
    expect(history.data[0]).toMatchObject({
      id: sent.text,
      metadata: {
        operationType: 'send',
        status: 'confirmed',
        confirmations: 2,
        sentFrom: dev.wpkh.address,
        sentTo: alice.tr.address,
        chain: CHAIN,
      },
      transfers: [{ direction: 'out', quantity: { numeric: '0.25002' }, price: 90_000 }],
    });
    expect(history.data[1].metadata).toMatchObject({ operationType: 'receive', confirmations: 3 });
    expect((await account(dev.wpkh.address, 'balance')).body.balances[0].quantity.numeric).toBe('9.74998');
  });

  it('gives fee estimates: fast, normal and slow in sat/vB, and every target', async () => {
    const reply = await read('/v1/fee-estimates', { chainId: CHAIN });
    expect(reply.status).toBe(200);
    const { fast, normal, slow, targets } = reply.body;
    expect(Object.keys(targets)).toContain('144');
    expect(fast).toBe(Math.max(targets['1'], 1));
    expect(fast).toBeGreaterThanOrEqual(normal);
    expect(normal).toBeGreaterThanOrEqual(slow);
    expect(slow).toBeGreaterThanOrEqual(1);
    expect(await getJson(`${btc.url}/fee-estimates`)).toEqual(targets);
  });

  it('refuses an address of another form, another chain, and reads other namespaces lack, in words', async () => {
    expect(await account('bc1notanaddress', 'utxos')).toMatchObject({ status: 400, body: { field: 'address' } });
    const mainnet = await account('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'balance');
    expect(mainnet).toMatchObject({ status: 400, body: { field: 'address' } });
    expect(mainnet.body.message).toBe(`Invalid path parameter 'address': ${CHAIN} addresses start with bcrt1`);
    const other = await account(alice.tr.address, 'utxos', { chainId: 'bip122:000000000019d6689c085ae165831e93' });
    expect(other).toMatchObject({ status: 400, body: { field: 'chainId' } });
    expect(other.body.message).toContain(`supported: ${CHAIN}`);
    const evm = await account('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'utxos', {});
    expect(evm.body.message).toBe('This server has no unspent outputs on the eip155 namespace (only on bip122)');
    expect((await account(alice.tr.address, 'nfts', {})).body.message).toMatch(/no NFTs on the bip122 namespace/);
    const chains = await read('/v1/supported-chains');
    expect(chains.body.http).toContain(CHAIN);
  });
});

describe('Esplora failures', () => {
  let fake: Server;
  let broken: RunningServer;
  let down: RunningServer;
  beforeAll(async () => {
    // An Esplora that knows the chain but answers an address with another shape.
    fake = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/block-height/0') return res.end(REGTEST_GENESIS_HASH);
      // Fee estimates of 5 MB: refused unread past the cap.
      if (req.url === '/fee-estimates') return res.end(`{"1":${' '.repeat(5 * 1024 * 1024)}1}`);
      res.end(JSON.stringify({ chain_stats: { funded_txo_sum: 'lots' } }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const gone = await startBtcDevChain({ port: 0, onError: () => undefined });
    await gone.close();
    broken = await startServer({
      port: 0,
      relayPort: false,
      seed: { wallets: 1 },
      bitcoinEsplora: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    });
    down = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 }, bitcoinEsplora: gone.url });
  });
  afterAll(async () => {
    await broken?.close();
    await down?.close();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it('answers 503 with a sentence naming Esplora when it does not answer', async () => {
    const reply = await account(alice.tr.address, 'balance', { chainId: CHAIN }, down);
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(
      /^The chain RPC of bip122:0f9188f13cb7b2c71f2a335e3a4fc328 \(http:\/\/127\.0\.0\.1:\d+\) is not answering: Esplora is unreachable \(GET \/block-height\/0\)$/,
    );
  });

  it('answers 502 when Esplora answers in a shape Esplora does not have', async () => {
    const reply = await account(alice.tr.address, 'balance', { chainId: CHAIN }, broken);
    expect(reply.status).toBe(502);
    expect(reply.body.message).toMatch(
      /answered with an error: Esplora's reply to GET \/address\/bcrt1p\w+ is not of the form Esplora gives$/,
    );
  });

  it('answers 502 when Esplora answers with more than it ever sends', async () => {
    const reply = await read('/v1/fee-estimates', { chainId: CHAIN }, broken);
    expect(reply.status).toBe(502);
    expect(reply.body.message).toMatch(/answered with an error: Esplora's reply to GET \/fee-estimates is over 4194304 bytes$/);
  });

  it('answers 503 naming the flag without --bitcoin-esplora', async () => {
    const plain = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 } });
    try {
      const reply = await read('/v1/fee-estimates', { chainId: CHAIN }, plain);
      expect(reply).toMatchObject({
        status: 503,
        body: { message: 'No Bitcoin chain is configured: start w3kit-server with --bitcoin-esplora URL' },
      });
    } finally {
      await plain.close();
    }
  });
});
