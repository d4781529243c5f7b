/**
 * The development chain's mempool and state: --block-time keeps transactions unconfirmed until
 * the block (and refuses a second spend of an output the mempool spends), --data survives a
 * restart (and a corrupt file is refused naming it), history pages by 25 as Esplora's, and the
 * per-IP rate limit answers 429.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBtcDevChain, type RunningBtcDevChain } from './server.js';
import { BTC_STATE_FILE } from './state-file.js';
import { balance, getJson, payWithChange, post, testKey, type Coin } from '../../../../test/btc-wallet.js';

const BTC = 100_000_000;
const dev = testKey('w3kit dev bitcoin account');
const carol = testKey('carol');
const dirs: string[] = [];
const running: RunningBtcDevChain[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-btc-'));
  dirs.push(dir);
  return dir;
};
const start = async (options: Parameters<typeof startBtcDevChain>[0]) => {
  const btc = await startBtcDevChain({ port: 0, onError: () => undefined, ...options });
  running.push(btc);
  return btc;
};
afterAll(async () => {
  await Promise.all(running.map((b) => b.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function devCoin(url: string): Promise<Coin> {
  const utxos = await getJson<{ txid: string; vout: number; value: number }[]>(`${url}/address/${dev.wpkh.address}/utxo`);
  return { ...utxos.at(-1)!, kind: 'wpkh' };
}

describe('Bitcoin development chain: mempool, blocks and state', () => {
  it('with --block-time keeps a transaction unconfirmed in the mempool until the next block', async () => {
    // A block time no test reaches: the block comes from mine(), so a busy machine cannot race the checks.
    const btc = await start({ blockTimeSeconds: 3600 });
    const coin = await devCoin(btc.url);
    const res = await post(btc.url, payWithChange(dev, coin, carol.wpkh.address, BTC, 300));
    expect(res.status).toBe(200);
    expect(await getJson(`${btc.url}/tx/${res.text}/status`)).toEqual({ confirmed: false });
    expect(await balance(btc.url, carol.wpkh.address)).toEqual({ confirmed: 0, unconfirmed: BTC });
    const [utxo] = await getJson(`${btc.url}/address/${carol.wpkh.address}/utxo`);
    expect(utxo).toEqual({ txid: res.text, vout: 0, status: { confirmed: false }, value: BTC });
    expect((await getJson(`${btc.url}/address/${carol.wpkh.address}/txs/mempool`)).map((t: { txid: string }) => t.txid)).toEqual([
      res.text,
    ]);
    expect(await (await fetch(`${btc.url}/blocks/tip/height`)).text()).toBe('1');
    // A second spend of the coin the mempool spends is a conflict.
    const conflict = await post(btc.url, payWithChange(dev, coin, carol.tr.address, BTC, 400));
    expect(conflict.status).toBe(400);
    expect(conflict.text).toContain(
      `txn-mempool-conflict: input 0 spends ${coin.txid}:${coin.vout}, already spent by ${res.text} in the mempool`,
    );
    // The unconfirmed change can be spent at once (a child in the same block).
    const change = await devCoin(btc.url);
    expect(change.txid).toBe(res.text);
    const child = await post(btc.url, payWithChange(dev, change, carol.tr.address, BTC, 300));
    expect(child.status).toBe(200);
    btc.mine();
    expect((await getJson(`${btc.url}/tx/${res.text}/status`)).block_height).toBe(2);
    expect((await getJson(`${btc.url}/tx/${child.text}/status`)).block_height).toBe(2);
    expect(await balance(btc.url, carol.wpkh.address)).toEqual({ confirmed: BTC, unconfirmed: 0 });
  });

  it('with --block-time mines the mempool on its clock', async () => {
    const btc = await start({ blockTimeSeconds: 1 });
    const coin = await devCoin(btc.url);
    const res = await post(btc.url, payWithChange(dev, coin, carol.wpkh.address, BTC, 300));
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await getJson(`${btc.url}/tx/${res.text}/status`)).confirmed, { timeout: 10_000, interval: 100 })
      .toBe(true);
    expect(await (await fetch(`${btc.url}/blocks/tip/height`)).text()).toBe('2');
  });

  it('with --data keeps blocks, transactions and balances across a restart, and does not fund the dev account again', async () => {
    const dir = tempDir();
    const first = await start({ dataDir: dir });
    const coin = await devCoin(first.url);
    const sent = await post(first.url, payWithChange(dev, coin, carol.tr.address, 3 * BTC, 500));
    expect(sent.status).toBe(200);
    const status = await getJson(`${first.url}/tx/${sent.text}/status`);
    await first.close();

    const second = await start({ dataDir: dir, fund: [{ address: carol.wpkh.address, sats: 5n * BigInt(BTC) }] });
    expect(await getJson(`${second.url}/tx/${sent.text}/status`)).toEqual(status);
    expect(await balance(second.url, carol.tr.address)).toEqual({ confirmed: 3 * BTC, unconfirmed: 0 });
    expect(await balance(second.url, dev.wpkh.address)).toEqual({ confirmed: 7 * BTC - 500, unconfirmed: 0 });
    // Only the new --fund address got a block.
    expect(await (await fetch(`${second.url}/blocks/tip/height`)).text()).toBe('3');
    expect(await balance(second.url, carol.wpkh.address)).toEqual({ confirmed: 5 * BTC, unconfirmed: 0 });
    await second.close();
  });

  it('refuses to start on a corrupt state file, naming it', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, BTC_STATE_FILE), '{"version":1,');
    await expect(start({ dataDir: dir })).rejects.toThrow(`${path.join(dir, BTC_STATE_FILE)} is not JSON`);
    writeFileSync(path.join(dir, BTC_STATE_FILE), '{"version":7}');
    await expect(start({ dataDir: dir })).rejects.toThrow(
      `${path.join(dir, BTC_STATE_FILE)} is not a Bitcoin development chain state file`,
    );
  });

  it('pages an address history by 25 confirmed transactions, newest first, with /txs/chain/{last_seen}', async () => {
    const btc = await start({});
    const sent: string[] = [];
    for (let i = 0; i < 27; i++) {
      const coin = await devCoin(btc.url);
      const res = await post(btc.url, payWithChange(dev, coin, carol.tr.address, 1000, 300));
      expect(res.status).toBe(200);
      sent.push(res.text);
    }
    const newest = [...sent].reverse();
    const first = await getJson<{ txid: string }[]>(`${btc.url}/address/${carol.tr.address}/txs`);
    expect(first.map((t) => t.txid)).toEqual(newest.slice(0, 25));
    const next = await getJson<{ txid: string }[]>(`${btc.url}/address/${carol.tr.address}/txs/chain/${first.at(-1)!.txid}`);
    expect(next.map((t) => t.txid)).toEqual(newest.slice(25));
  });

  it('answers 429 past the per-IP request rate', async () => {
    const btc = await start({ rateLimit: { max: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await fetch(`${btc.url}/blocks/tip/height`)).status).toBe(200);
    const res = await fetch(`${btc.url}/blocks/tip/height`);
    expect(res.status).toBe(429);
    expect(await res.text()).toMatch(/^Too many requests: at most 3 in 60 s from one address; retry in \d+ s$/);
  });

  it('refuses a transaction past the mempool bound', async () => {
    const btc = await start({ blockTimeSeconds: 3600, mempoolMax: 1 });
    const coin = await devCoin(btc.url);
    expect((await post(btc.url, payWithChange(dev, coin, carol.tr.address, BTC, 300))).status).toBe(200);
    const change = await devCoin(btc.url);
    const full = await post(btc.url, payWithChange(dev, change, carol.tr.address, BTC, 300));
    expect(full).toEqual({ status: 400, text: expect.stringContaining('mempool full: it holds 1 transactions') });
  });
});
