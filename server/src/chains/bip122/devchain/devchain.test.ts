/**
 * The local Bitcoin development chain over real HTTP: real P2WPKH and P2TR transactions built
 * and signed with @scure/btc-signer move balances, UTXOs, history and status in Esplora's
 * shapes, the fee goes to the miner, each one is mined into a block; and what a node would
 * refuse is refused with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2pkh } from '@scure/btc-signer';
import { RawTx } from '@scure/btc-signer/script.js';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { DEV_BITCOIN_KEY, DEV_MINER_KEY, REGTEST, REGTEST_GENESIS_HASH } from './network.js';
import { startBtcDevChain, type RunningBtcDevChain } from './server.js';
import { balance, getJson, post, spend, testKey, txidOf, type Coin, type TestKey } from '../../../../test/btc-wallet.js';

const BTC = 100_000_000;
let btc: RunningBtcDevChain;
const dev: TestKey = testKey('w3kit dev bitcoin account'); // DEV_BITCOIN_KEY's seed text
const alice = testKey('alice');
const bob = testKey('bob');

/** The dev account's one unspent coin (it always spends all of it, change back). */
async function devCoin(): Promise<Coin> {
  const utxos = await getJson<{ txid: string; vout: number; value: number }[]>(`${btc.url}/address/${dev.wpkh.address}/utxo`);
  expect(utxos).toHaveLength(1);
  return { ...utxos[0]!, kind: 'wpkh' };
}

beforeAll(async () => {
  btc = await startBtcDevChain({ port: 0, fund: [{ address: bob.tr.address, sats: 2n * BigInt(BTC) }], onError: () => undefined });
});
afterAll(() => btc.close());

describe('Bitcoin development chain: Esplora routes', () => {
  it('starts at height 1 with the dev account funded with 10 BTC and --fund addresses funded', async () => {
    expect(dev.wpkh.address).toBe(DEV_BITCOIN_KEY.address);
    expect(DEV_BITCOIN_KEY.address).toBe('bcrt1qpdqxnjuhq5z074ts537q2dq26cyd3pe6sdus5s'); // as server/README.md says
    expect(await (await fetch(`${btc.url}/blocks/tip/height`)).text()).toBe('1');
    expect(await (await fetch(`${btc.url}/block-height/0`)).text()).toBe(REGTEST_GENESIS_HASH);
    expect((await fetch(`${btc.url}/block-height/9`)).status).toBe(404);
    expect(await balance(btc.url, dev.wpkh.address)).toEqual({ confirmed: 10 * BTC, unconfirmed: 0 });
    expect(await balance(btc.url, bob.tr.address)).toEqual({ confirmed: 2 * BTC, unconfirmed: 0 });
    const [utxo] = await getJson(`${btc.url}/address/${dev.wpkh.address}/utxo`);
    expect(utxo).toEqual({
      txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      vout: expect.any(Number),
      status: { confirmed: true, block_height: 1, block_hash: expect.stringMatching(/^[0-9a-f]{64}$/), block_time: expect.any(Number) },
      value: 10 * BTC,
    });
    const estimates = await getJson<Record<string, number>>(`${btc.url}/fee-estimates`);
    expect(Object.keys(estimates)).toEqual([...Array.from({ length: 25 }, (_, i) => String(i + 1)), '144', '504', '1008']);
    expect(Math.min(...Object.values(estimates))).toBeGreaterThanOrEqual(1);
  });

  it('accepts a P2WPKH spend, mines it, and the receiver, the sender and the miner see it', async () => {
    const coin = await devCoin();
    const fee = 1_000;
    const hex = spend(
      dev,
      [coin],
      [
        { address: alice.tr.address, value: BTC },
        { address: dev.wpkh.address, value: coin.value - BTC - fee },
      ],
    );
    const res = await post(btc.url, hex);
    expect(res).toEqual({ status: 200, text: txidOf(hex) });
    const txid = res.text;
    expect(await (await fetch(`${btc.url}/blocks/tip/height`)).text()).toBe('2');
    const status = await getJson(`${btc.url}/tx/${txid}/status`);
    expect(status).toEqual({
      confirmed: true,
      block_height: 2,
      block_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      block_time: expect.any(Number),
    });
    expect(await (await fetch(`${btc.url}/blocks/tip/hash`)).text()).toBe(status.block_hash);
    expect(await (await fetch(`${btc.url}/tx/${txid}/hex`)).text()).toBe(hex);

    const tx = await getJson(`${btc.url}/tx/${txid}`);
    expect(tx).toMatchObject({ txid, version: 2, locktime: 0, fee, status });
    expect(tx.vin).toEqual([
      {
        txid: coin.txid,
        vout: coin.vout,
        prevout: {
          scriptpubkey: Buffer.from(dev.wpkh.script).toString('hex'),
          scriptpubkey_asm: expect.stringMatching(/^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/),
          scriptpubkey_type: 'v0_p2wpkh',
          scriptpubkey_address: dev.wpkh.address,
          value: coin.value,
        },
        scriptsig: '',
        scriptsig_asm: '',
        witness: [expect.stringMatching(/^30[0-9a-f]+01$/), expect.stringMatching(/^0[23][0-9a-f]{64}$/)],
        is_coinbase: false,
        sequence: expect.any(Number),
      },
    ]);
    expect(tx.vout[0]).toMatchObject({ scriptpubkey_type: 'v1_p2tr', scriptpubkey_address: alice.tr.address, value: BTC });
    expect(tx.vout[0].scriptpubkey_asm).toMatch(/^OP_PUSHNUM_1 OP_PUSHBYTES_32 [0-9a-f]{64}$/);
    expect(tx.weight).toBeGreaterThan(tx.size);

    expect(await balance(btc.url, alice.tr.address)).toEqual({ confirmed: BTC, unconfirmed: 0 });
    expect(await balance(btc.url, dev.wpkh.address)).toEqual({ confirmed: 9 * BTC - fee, unconfirmed: 0 });
    const devStats = await getJson(`${btc.url}/address/${dev.wpkh.address}`);
    expect(devStats.chain_stats).toEqual({
      funded_txo_count: 2,
      funded_txo_sum: 10 * BTC + coin.value - BTC - fee,
      spent_txo_count: 1,
      spent_txo_sum: 10 * BTC,
      tx_count: 2,
    });
    expect(devStats.mempool_stats).toEqual({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 });
    // The block's coinbase pays the fee to the dev miner.
    const miner = await getJson(`${btc.url}/address/${DEV_MINER_KEY.address}/txs`);
    expect(miner[0].vin[0]).toMatchObject({ is_coinbase: true, prevout: null });
    expect(miner[0].vout[0].value).toBe(fee);
    expect(miner[0].status.block_height).toBe(2);
    const history = await getJson(`${btc.url}/address/${alice.tr.address}/txs`);
    expect(history.map((t: { txid: string }) => t.txid)).toEqual([txid]);
  });

  it('accepts a P2TR key-path spend', async () => {
    const [utxo] = await getJson(`${btc.url}/address/${alice.tr.address}/utxo`);
    const hex = spend(alice, [{ ...utxo, kind: 'tr' }], [{ address: bob.wpkh.address, value: utxo.value - 500 }]);
    const res = await post(btc.url, hex);
    expect(res.status).toBe(200);
    const tx = await getJson(`${btc.url}/tx/${res.text}`);
    expect(tx.fee).toBe(500);
    expect(tx.vin[0].witness).toEqual([expect.stringMatching(/^[0-9a-f]{128}$/)]);
    expect(await balance(btc.url, alice.tr.address)).toEqual({ confirmed: 0, unconfirmed: 0 });
    expect(await balance(btc.url, bob.wpkh.address)).toEqual({ confirmed: BTC - 500, unconfirmed: 0 });
    expect(await getJson(`${btc.url}/address/${alice.tr.address}/utxo`)).toEqual([]);
  });

  it('refuses a double spend, an unknown input, a bad signature, outputs over inputs, a low fee and dust, by name', async () => {
    const [bobCoin] = await getJson(`${btc.url}/address/${bob.tr.address}/utxo`);
    const spent = await getJson(`${btc.url}/address/${alice.tr.address}/txs`);
    const spentCoin: Coin = { txid: spent.at(-1).txid, vout: 0, value: BTC, kind: 'tr' };
    const refusal = async (hex: string) => {
      const res = await post(btc.url, hex);
      expect(res.status).toBe(400);
      return res.text;
    };
    expect(await refusal(spend(alice, [spentCoin], [{ address: bob.wpkh.address, value: BTC - 1000 }]))).toMatch(
      /^sendrawtransaction RPC error: \{"code":-25,"message":"bad-txns-inputs-missingorspent: input 0 spends [0-9a-f]{64}:0, already spent by [0-9a-f]{64}"\}$/,
    );
    const unknown: Coin = { txid: 'ab'.repeat(32), vout: 0, value: BTC, kind: 'wpkh' };
    expect(await refusal(spend(dev, [unknown], [{ address: bob.wpkh.address, value: 1000 }]))).toContain(
      `input 0 spends ${'ab'.repeat(32)}:0, which does not exist`,
    );
    const bobSpend = { ...bobCoin, kind: 'tr' } as Coin;
    const good = spend(
      bob,
      [bobSpend],
      [
        { address: alice.wpkh.address, value: BTC },
        { address: bob.tr.address, value: BTC - 1000 },
      ],
    );
    const raw = RawTx.decode(Buffer.from(good, 'hex'));
    raw.outputs[0]!.amount += 1n; // the signature no longer covers the outputs
    expect(await refusal(Buffer.from(RawTx.encode(raw)).toString('hex'))).toContain('input 0 (');
    expect(await refusal(Buffer.from(RawTx.encode(raw)).toString('hex'))).toContain(
      'signature does not verify (P2TR key path, BIP-341 sighash)',
    );
    const devBad = RawTx.decode(Buffer.from(spend(dev, [await devCoin()], [{ address: alice.wpkh.address, value: BTC }]), 'hex'));
    devBad.outputs[0]!.amount -= 1n;
    expect(await refusal(Buffer.from(RawTx.encode(devBad)).toString('hex'))).toContain(
      'signature does not verify (P2WPKH, BIP-143 sighash)',
    );
    const over = spend(bob, [bobSpend], [{ address: alice.wpkh.address, value: 3 * BTC }], [3 * BTC + 1000]);
    expect(await refusal(over)).toContain(`bad-txns-in-belowout: the outputs pay ${3 * BTC} sats, more than the inputs' ${2 * BTC} sats`);
    expect(await refusal(spend(bob, [bobSpend], [{ address: alice.wpkh.address, value: 2 * BTC - 10 }]))).toMatch(
      /min relay fee not met: the fee is 10 sats, under \d+ sats/,
    );
    expect(
      await refusal(
        spend(
          bob,
          [bobSpend],
          [
            { address: alice.wpkh.address, value: 100 },
            { address: bob.tr.address, value: 2 * BTC - 2000 },
          ],
        ),
      ),
    ).toContain('dust: output 0 pays 100 sats, under the dust limit of 294 sats for v0_p2wpkh');
    // Nothing moved.
    expect(await balance(btc.url, bob.tr.address)).toEqual({ confirmed: 2 * BTC, unconfirmed: 0 });
    expect(await (await fetch(`${btc.url}/blocks/tip/height`)).text()).toBe('3');
  });

  it('refuses an input of another kind than P2WPKH or P2TR key path, naming it', async () => {
    const coin = await devCoin();
    const legacy = p2pkh(pubECDSA(alice.privateKey), REGTEST).address!;
    const res = await post(
      btc.url,
      spend(
        dev,
        [coin],
        [
          { address: legacy, value: 10_000 },
          { address: dev.wpkh.address, value: coin.value - 11_000 },
        ],
      ),
    );
    expect(res.status).toBe(200);
    const raw = RawTx.encode({
      version: 2,
      segwitFlag: false,
      inputs: [{ txid: Buffer.from(res.text, 'hex'), index: 0, finalScriptSig: new Uint8Array(), sequence: 0xffffffff }],
      outputs: [{ amount: 9_000n, script: alice.wpkh.script }],
      witnesses: undefined,
      lockTime: 0,
    });
    const refused = await post(btc.url, Buffer.from(raw).toString('hex'));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      `unsupported input: input 0 (${res.text}:0) spends a p2pkh output; this development chain verifies P2WPKH and P2TR key-path spends only`,
    );
  });

  it('refuses malformed hex, bytes that are no transaction, a resend and an oversized body', async () => {
    expect(await post(btc.url, 'zz12')).toEqual({ status: 400, text: expect.stringContaining('TX decode failed: the body is not hex') });
    expect(await post(btc.url, '00ff00')).toEqual({
      status: 400,
      text: expect.stringContaining('TX decode failed: the bytes are not a transaction'),
    });
    const last = (await getJson(`${btc.url}/address/${bob.wpkh.address}/txs`))[0].txid;
    const hex = await (await fetch(`${btc.url}/tx/${last}/hex`)).text();
    expect(await post(btc.url, hex)).toEqual({ status: 400, text: expect.stringContaining(`Transaction already in block chain: ${last}`) });
    const big = await post(btc.url, 'ab'.repeat(200_001));
    expect(big).toEqual({ status: 413, text: 'Payload too large: a raw transaction is at most 400000 hex characters' });
  });

  it('answers Esplora-like errors for a bad address, an unknown or malformed txid and an unknown route', async () => {
    const get = async (p: string) => {
      const res = await fetch(`${btc.url}${p}`);
      return { status: res.status, text: await res.text() };
    };
    expect(await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual({
      status: 400,
      text: expect.stringContaining('Invalid Bitcoin address'),
    });
    expect(await get(`/tx/${'cd'.repeat(32)}`)).toEqual({ status: 404, text: 'Transaction not found' });
    expect(await get('/tx/xyz/status')).toEqual({ status: 400, text: 'Invalid hex string' });
    expect((await get('/blocks/nope')).status).toBe(404);
    expect((await get('/address/%zz')).status).toBe(400);
  });
});
