/**
 * What a Bitcoin send refuses, against the real development chain and real sockets: an invalid
 * or wrong-network address, a dust amount and insufficient funds (before any request or before
 * anything is broadcast: nothing is lost), a wallet that altered or did not sign the PSBT, the
 * chain's own refusals mapped to codes (spent inputs, a fee under the relay minimum, a bad
 * signature), and an Esplora that is down, silent, rate-limiting or answering garbage; the
 * poller's timeout and cancellation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transaction } from '@scure/btc-signer';
import { DEV_BITCOIN_KEY } from '../../../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../../server/src/chains/bip122/devchain/server.js';
import { balance, getJson, spend, testKey } from '../../../../server/test/btc-wallet.js';
import { createEsploraClient, type EsploraClient } from './esplora.js';
import { followTransaction } from './follow.js';
import { finalizeSigned, fromBase64, toBase64 } from './psbt.js';
import { broadcast, prepareSend, type PreparedSend } from './send.js';

let btc: RunningBtcDevChain;
let client: EsploraClient;
let requests = 0;
const servers: Server[] = [];
const poor = testKey('btc-send poor account');
const receiver = testKey('btc-send refusals receiver');
const net = 'regtest' as const;
const dev = { address: DEV_BITCOIN_KEY.address, key: DEV_BITCOIN_KEY.privateKey };

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code,
  );
const signWith = (prepared: PreparedSend, key: Uint8Array) => {
  const tx = Transaction.fromPSBT(fromBase64(prepared.psbt));
  tx.sign(key);
  return tx;
};

/** An HTTP server answering every request with `handler` (or never, without one). */
async function fakeEsplora(handler?: (res: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((_req, res) => handler?.(res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  btc = await startBtcDevChain({ port: 0, fund: [{ address: poor.wpkh.address, sats: 5_000n }], onError: () => undefined });
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  client = createEsploraClient(btc.url, { timeoutMs: 5_000, fetch: counting });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await btc?.close();
});

describe('Bitcoin send refusals', () => {
  it('refuses an invalid address, a wrong-network one and a bad amount before any request', async () => {
    const before = requests;
    const send = (to: unknown, value: unknown) => rejection(prepareSend({ client, net, from: dev.address, to, value }));
    expect(await send('bcrt1qnotanaddress', '0.001')).toBe('ADDRESS_INVALID');
    expect(await send('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '0.001')).toBe('ADDRESS_WRONG_NETWORK');
    expect(await send(receiver.wpkh.address, '0.000000001')).toBe('AMOUNT_TOO_PRECISE');
    expect(await send(receiver.wpkh.address, 0n)).toBe('AMOUNT_ZERO');
    expect(await rejection(prepareSend({ client, net, from: 'bcrt1qxyz', to: receiver.wpkh.address, value: 1000n }))).toBe(
      'ADDRESS_INVALID',
    );
    expect(requests).toBe(before);
  });

  it('refuses a dust amount and an amount over the balance with its fee, and loses nothing', async () => {
    const send = (from: string, value: unknown, to = receiver.wpkh.address) => rejection(prepareSend({ client, net, from, to, value }));
    expect(await send(dev.address, 293n)).toBe('AMOUNT_DUST');
    expect(await send(dev.address, 329n, receiver.tr.address)).toBe('AMOUNT_DUST');
    expect(await send(poor.wpkh.address, 5_000n)).toBe('INSUFFICIENT_FUNDS'); // the whole balance leaves nothing for the fee
    await expect(prepareSend({ client, net, from: poor.wpkh.address, to: receiver.wpkh.address, value: '1' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      facts: { available: 5_000n },
    });
    expect(await send(dev.address, '11')).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(btc.url, poor.wpkh.address)).toEqual({ confirmed: 5_000, unconfirmed: 0 });
    expect(await balance(btc.url, receiver.wpkh.address)).toEqual({ confirmed: 0, unconfirmed: 0 });
  });

  it('refuses a PSBT the wallet altered or left unsigned, and one that is no PSBT', async () => {
    const prepared = await prepareSend({ client, net, from: dev.address, to: receiver.wpkh.address, value: 10_000n });
    const altered = Transaction.fromPSBT(fromBase64(prepared.psbt));
    altered.updateOutput(0, { amount: 20_000n });
    altered.sign(dev.key);
    expect(() => finalizeSigned(altered.toPSBT(), prepared)).toThrow(expect.objectContaining({ code: 'PSBT_ALTERED' }));
    expect(() => finalizeSigned(prepared.psbt, prepared)).toThrow(expect.objectContaining({ code: 'PSBT_NOT_SIGNED' }));
    expect(() => finalizeSigned('bm90IGEgcHNidA==', prepared)).toThrow(expect.objectContaining({ code: 'PSBT_INVALID' }));
    // A wallet that finalised the inputs itself is fine.
    const finalised = signWith(prepared, dev.key);
    finalised.finalize();
    expect(finalizeSigned(toBase64(finalised.toPSBT()), prepared).txid).toBe(finalised.id);
  });

  it("maps the chain's refusals: spent inputs, a fee under the relay minimum, a signature that does not verify", async () => {
    const first = await prepareSend({ client, net, from: dev.address, to: receiver.wpkh.address, value: 10_000n });
    const second = await prepareSend({ client, net, from: dev.address, to: receiver.tr.address, value: 20_000n });
    await broadcast(client, finalizeSigned(toBase64(signWith(first, dev.key).toPSBT()), first));
    const spent = finalizeSigned(toBase64(signWith(second, dev.key).toPSBT()), second);
    await expect(broadcast(client, spent)).rejects.toMatchObject({
      code: 'TX_INPUTS_SPENT',
      details: expect.stringContaining('missingorspent'),
    });

    const [coin] = await getJson<{ txid: string; vout: number; value: number }[]>(`${btc.url}/address/${dev.address}/utxo`);
    const devKey = testKey('w3kit dev bitcoin account');
    const out = (fee: number) => [{ address: dev.address, value: coin!.value - fee }];
    expect(await rejection(client.broadcast(spend(devKey, [{ ...coin!, kind: 'wpkh' }], out(0))))).toBe('TX_FEE_TOO_LOW');
    const lie = spend(devKey, [{ ...coin!, kind: 'wpkh' }], out(1_000), [coin!.value + 1]);
    expect(await rejection(client.broadcast(lie))).toBe('TX_BAD_SIGNATURE');
    expect(await rejection(client.broadcast('00'))).toBe('TX_REFUSED');
  });

  it('names an Esplora that is down, silent, unavailable, rate-limiting or off its shape', async () => {
    const closed = await fakeEsplora();
    servers.pop()!.close();
    const send = (url: string) =>
      prepareSend({
        client: createEsploraClient(url, { timeoutMs: 300 }),
        net,
        from: dev.address,
        to: receiver.wpkh.address,
        value: 1_000n,
      });
    await expect(send(closed)).rejects.toMatchObject({
      code: 'ESPLORA_UNREACHABLE',
      message: expect.stringContaining('could not be reached'),
    });
    await expect(send(await fakeEsplora())).rejects.toMatchObject({
      code: 'ESPLORA_UNREACHABLE',
      message: expect.stringContaining('no answer within 0.3 s'),
    });
    await expect(send(await fakeEsplora((res) => res.writeHead(503).end('down')))).rejects.toMatchObject({
      code: 'ESPLORA_UNREACHABLE',
      facts: { status: 503 },
    });
    await expect(send(await fakeEsplora((res) => res.writeHead(200).end('<html>')))).rejects.toMatchObject({ code: 'ESPLORA_BAD_REPLY' });
    await expect(send(await fakeEsplora((res) => res.writeHead(200).end('[{"txid":1}]')))).rejects.toMatchObject({
      code: 'ESPLORA_BAD_REPLY',
    });
    const limited = await startBtcDevChain({ port: 0, rateLimit: { max: 1, windowMs: 60_000 }, onError: () => undefined });
    try {
      await expect(send(limited.url)).rejects.toMatchObject({ code: 'ESPLORA_RATE_LIMITED', facts: { status: 429 } });
    } finally {
      await limited.close();
    }
  });

  it('stops following at its timeout, and when cancelled', async () => {
    const unknown = 'ab'.repeat(32);
    const seen: unknown[] = [];
    await expect(
      followTransaction(client, unknown, { intervalMs: 100, timeoutMs: 350, onStatus: (s) => seen.push(s) }),
    ).rejects.toMatchObject({
      code: 'FOLLOW_TIMEOUT',
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((s) => s === undefined)).toBe(true);
    const controller = new AbortController();
    const following = followTransaction(client, unknown, { intervalMs: 100, signal: controller.signal });
    setTimeout(() => controller.abort(), 150);
    await expect(following).rejects.toMatchObject({ code: 'FOLLOW_CANCELLED' });
  });
});
