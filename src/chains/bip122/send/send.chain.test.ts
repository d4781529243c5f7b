/**
 * Bitcoin sends against the real local development chain (server/src/chains/bip122/devchain,
 * in-process over real HTTP): a PSBT built from the funded accounts' UTXOs, signed with
 * @scure/btc-signer as a wallet would, finalised, broadcast and followed to its block; the
 * receiver's balance grows by exactly the amount and the fee goes to the miner, from P2WPKH and
 * P2TR senders; unconfirmed own change is spent, a stranger's unconfirmed coin is not; and what
 * must be refused is, before anything is broadcast.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Transaction } from '@scure/btc-signer';
import { pubSchnorr } from '@scure/btc-signer/utils.js';
import { DEV_BITCOIN_KEY, DEV_MINER_KEY } from '../../../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../../server/src/chains/bip122/devchain/server.js';
import { balance, testKey } from '../../../../server/test/btc-wallet.js';
import { createEsploraClient, type EsploraClient } from './esplora.js';
import { followTransaction } from './follow.js';
import { finalizeSigned, fromBase64, toBase64 } from './psbt.js';
import { broadcast, prepareSend, spendableCoins, type PreparedSend } from './send.js';

let btc: RunningBtcDevChain;
let client: EsploraClient;
const taproot = testKey('btc-send taproot sender');
const stranger = testKey('btc-send stranger');
const receiver = testKey('btc-send receiver');
const net = 'regtest' as const;

/** What a wallet does with `bitcoin:signTransaction` / `signPsbt`: signs the inputs it was asked to, returns the PSBT. */
function walletSigns(prepared: PreparedSend, privateKey: Uint8Array): string {
  const tx = Transaction.fromPSBT(fromBase64(prepared.psbt));
  for (const input of prepared.signInputs) tx.signIdx(privateKey, input.index);
  return toBase64(tx.toPSBT());
}

const sats = async (address: string) => {
  const b = await balance(btc.url, address);
  return BigInt(b.confirmed + b.unconfirmed);
};

beforeAll(async () => {
  // Blocks are mined by the test (btc.mine()), so transactions can wait unconfirmed.
  btc = await startBtcDevChain({
    port: 0,
    blockTimeSeconds: 3600,
    fund: [{ address: taproot.tr.address, sats: 50_000_000n }],
    onError: () => undefined,
  });
  client = createEsploraClient(btc.url, { timeoutMs: 5_000 });
});
afterAll(() => btc?.close());

describe('Bitcoin send on the development chain', () => {
  it('P2WPKH sender: builds, signs, broadcasts, follows to its block; the receiver gains exactly the amount, the miner the fee', async () => {
    const prepared = await prepareSend({ client, net, from: DEV_BITCOIN_KEY.address, to: receiver.wpkh.address, value: '0.001' });
    expect(prepared.amount).toBe(100_000n);
    expect(prepared.signInputs).toEqual([{ address: DEV_BITCOIN_KEY.address, index: 0, sighashTypes: [1] }]);
    expect(prepared.inputsToSign).toEqual([{ address: DEV_BITCOIN_KEY.address, signingIndexes: [0], sigHash: 1 }]);
    expect(prepared.rates).toEqual({ slow: 2, normal: 3, fast: 5 }); // the dev chain's estimates at 6, 3 and 1 blocks
    expect(prepared.outputs.map((o) => [o.address, o.amount])).toEqual([
      [receiver.wpkh.address, 100_000n],
      [DEV_BITCOIN_KEY.address, 1_000_000_000n - 100_000n - prepared.fee],
    ]);
    const [before, minerBefore, senderBefore] = await Promise.all([
      sats(receiver.wpkh.address),
      sats(DEV_MINER_KEY.address),
      sats(DEV_BITCOIN_KEY.address),
    ]);

    const signed = finalizeSigned(walletSigns(prepared, DEV_BITCOIN_KEY.privateKey), prepared);
    const actualVsize = Transaction.fromRaw(Uint8Array.from(Buffer.from(signed.hex, 'hex'))).vsize;
    expect(prepared.vsize).toBeGreaterThanOrEqual(actualVsize); // the estimate never underpays the rate
    expect(prepared.vsize - actualVsize).toBeLessThanOrEqual(1);
    expect(await broadcast(client, signed)).toBe(signed.txid);
    expect(await broadcast(client, signed)).toBe(signed.txid); // already in the mempool: still sent, not an error

    const statuses: unknown[] = [];
    const followed = followTransaction(client, signed.txid, { intervalMs: 100, timeoutMs: 10_000, onStatus: (s) => statuses.push(s) });
    await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    const block = btc.mine();
    await expect(followed).resolves.toMatchObject({ txid: signed.txid, blockHeight: block.height, blockHash: block.hash });
    expect(statuses[0]).toEqual({ confirmed: false });

    expect(await sats(receiver.wpkh.address)).toBe(before + 100_000n);
    expect(await sats(DEV_MINER_KEY.address)).toBe(minerBefore + prepared.fee);
    expect(await sats(DEV_BITCOIN_KEY.address)).toBe(senderBefore - 100_000n - prepared.fee);
    expect(prepared.fee).toBe(BigInt(prepared.vsize * 3));
  });

  it('P2TR sender (key path, the internal key from the wallet): pays a P2TR receiver at the fast rate', async () => {
    const prepared = await prepareSend({
      client,
      net,
      from: taproot.tr.address,
      publicKey: pubSchnorr(taproot.privateKey),
      to: receiver.tr.address,
      value: 12_345n,
      speed: 'fast',
    });
    expect(prepared.signInputs).toEqual([{ address: taproot.tr.address, index: 0, sighashTypes: [0] }]);
    const before = await sats(receiver.tr.address);
    const minerBefore = await sats(DEV_MINER_KEY.address);
    const signed = finalizeSigned(walletSigns(prepared, taproot.privateKey), prepared);
    await broadcast(client, signed);
    btc.mine();
    await followTransaction(client, signed.txid, { intervalMs: 100, timeoutMs: 5_000 });
    expect(await sats(receiver.tr.address)).toBe(before + 12_345n);
    expect(await sats(DEV_MINER_KEY.address)).toBe(minerBefore + prepared.fee);
    expect(prepared.fee).toBe(BigInt(prepared.vsize * 5));
  });

  it('spends its own unconfirmed change, never a stranger’s unconfirmed payment', async () => {
    // A stranger pays the taproot account; the payment waits in the mempool.
    const toStranger = await prepareSend({ client, net, from: DEV_BITCOIN_KEY.address, to: stranger.wpkh.address, value: '0.2' });
    await broadcast(client, finalizeSigned(walletSigns(toStranger, DEV_BITCOIN_KEY.privateKey), toStranger));
    btc.mine();
    const fromStranger = await prepareSend({ client, net, from: stranger.wpkh.address, to: taproot.tr.address, value: '0.1' });
    await broadcast(client, finalizeSigned(walletSigns(fromStranger, stranger.privateKey), fromStranger));
    // The dev account sends without a block in between: its second send spends the first's change.
    const first = await prepareSend({ client, net, from: DEV_BITCOIN_KEY.address, to: receiver.wpkh.address, value: 1_000n });
    const firstTx = finalizeSigned(walletSigns(first, DEV_BITCOIN_KEY.privateKey), first);
    await broadcast(client, firstTx);
    const devCoins = await spendableCoins(client, DEV_BITCOIN_KEY.address);
    expect(devCoins).toEqual([expect.objectContaining({ txid: firstTx.txid, confirmed: false })]);
    const second = await prepareSend({ client, net, from: DEV_BITCOIN_KEY.address, to: receiver.wpkh.address, value: 2_000n });
    expect(second.outpoints).toEqual([{ txid: firstTx.txid, vout: 1 }]);
    await broadcast(client, finalizeSigned(walletSigns(second, DEV_BITCOIN_KEY.privateKey), second));

    const taprootCoins = await spendableCoins(client, taproot.tr.address);
    expect(taprootCoins.every((c) => c.confirmed)).toBe(true);
    expect(taprootCoins.map((c) => c.value)).not.toContain(10_000_000n);
    btc.mine();
    expect((await spendableCoins(client, taproot.tr.address)).map((c) => c.value)).toContain(10_000_000n);
  });
});
