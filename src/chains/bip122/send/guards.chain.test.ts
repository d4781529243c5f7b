/**
 * What a Bitcoin send guards before it broadcasts, through the instance API
 * (`modal.sendTransaction(tx, { namespace: 'bip122' })`) on the real regtest dev chain with the
 * real test wallet: a wallet that alters the PSBT before signing it for real (another receiver,
 * an extra output, a changed amount, a bigger fee) is refused with its own sentence and nothing
 * reaches the chain; a malformed `{ to, value }` is refused before anything is read or asked, its
 * error's code and message naming the field.
 */
import { Address, OutScript, Transaction } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGTEST } from '../../../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../../server/src/chains/bip122/devchain/server.js';
import { balance, getJson } from '../../../../server/test/btc-wallet.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../../../test/fixtures/bitcoin-wallet.js';
import { errorMessage } from '../../../elements/l10n/errors.js';
import { getInstance } from '../../../instance.js';
import { resetOptions, setOptions } from '../../../stores/app/options.js';
import { $accounts, patchAccount } from '../../../stores/connection/account.js';
import { setLiveSession } from '../../../stores/connection/session-state.js';
import { $activeNamespace, $activeNetworkIds } from '../../../stores/network/networks.js';
import { networks, type Network } from '../../../wire/networks.js';
import { loadChainRules } from '../../registry.js';
import { bip122Adapter } from '../adapter.js';
import type { BitcoinProvider } from '../provider.js';
import { wrapBitcoinWallet } from '../wallet-standard.js';

let btc: RunningBtcDevChain;
let regtest: Network;
let sender: BitcoinTestWallet;
let honest: BitcoinProvider;
const receiver = createBitcoinTestWallet({ storageKey: false, privateKey: '7c'.repeat(32) });
const thief = createBitcoinTestWallet({ storageKey: false, privateKey: '7d'.repeat(32) });
const send = (tx: unknown) => getInstance().sendTransaction(tx as { to: string; value: bigint }, { namespace: 'bip122' });

/** The sender's wallet, altering the PSBT with `alter` before it signs it (for real, with its key). */
function connect(alter?: (tx: Transaction) => void): void {
  const provider: BitcoinProvider = alter
    ? {
        ...honest,
        name: honest.name,
        signPsbt(psbt, inputs, chain) {
          const tx = Transaction.fromPSBT(psbt);
          alter(tx);
          return honest.signPsbt(tx.toPSBT(), inputs, chain);
        },
      }
    : honest;
  setLiveSession('bip122', {
    namespace: 'bip122',
    connectorId: 'wallet-standard:test',
    provider,
    adapter: bip122Adapter,
    stopEvents: () => undefined,
  });
}

const tip = () => getJson<number>(`${btc.url}/blocks/tip/height`);
const sats = async (address: string) => {
  const b = await balance(btc.url, address);
  return b.confirmed + b.unconfirmed;
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: Error & { code?: string; facts?: { field?: string } }) => ({
      code: err.code,
      field: err.facts?.field,
      message: err.message,
      text: errorMessage(err),
    }),
  );

beforeAll(async () => {
  await loadChainRules('bip122');
  sender = createBitcoinTestWallet({ storageKey: false, privateKey: '7b'.repeat(32) });
  btc = await startBtcDevChain({ port: 0, fund: [{ address: sender.address, sats: 20_000_000n }], onError: () => undefined });
  regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [btc.url] } } };
  honest = wrapBitcoinWallet(sender.wallet, sender.wallet.name);
  await honest.connect({ silent: false });
  setOptions({ networks: [regtest] });
  $activeNamespace.set('bip122');
  $activeNetworkIds.set({ bip122: regtest.caipNetworkId });
  patchAccount('bip122', { address: sender.address, caipAddress: `${regtest.caipNetworkId}:${sender.address}`, status: 'connected' });
});
afterAll(async () => {
  setLiveSession('bip122', undefined);
  $accounts.set({});
  resetOptions();
  await btc?.close();
});

describe('A PSBT the wallet altered', () => {
  it('is refused before broadcast with its own sentence, whatever it changed; nothing reaches the chain', async () => {
    const thiefScript = OutScript.encode(Address(REGTEST).decode(thief.address));
    const alterations: [string, (tx: Transaction) => void][] = [
      ['another receiver', (tx) => tx.updateOutput(0, { script: thiefScript })],
      ['an extra output', (tx) => tx.addOutput({ script: thiefScript, amount: 5_000n })],
      ['a changed amount', (tx) => tx.updateOutput(0, { amount: tx.getOutput(0).amount! + 1_000n })],
      ['a bigger fee', (tx) => tx.updateOutput(1, { amount: tx.getOutput(1).amount! - 50_000n })],
    ];
    const [height, before] = [await tip(), await sats(sender.address)];
    for (const [name, alter] of alterations) {
      connect(alter);
      const seen = sender.requests.length;
      expect({ name, ...(await refusal(send({ to: receiver.address, value: 1_000_000n }))) }).toMatchObject({
        name,
        code: 'PSBT_ALTERED',
        text: 'The wallet changed the transaction before signing it; nothing was sent',
      });
      // The wallet did sign (the alteration is real), and the modal threw the result away.
      expect(sender.requests.slice(seen)).toContain('bitcoin:signTransaction');
    }
    expect(await tip()).toBe(height);
    expect(await sats(sender.address)).toBe(before);
    expect(await sats(thief.address)).toBe(0);
    expect(await sats(receiver.address)).toBe(0);

    // The same wallet left honest sends.
    connect();
    const txid = await send({ to: receiver.address, value: 1_000_000n });
    expect(await bip122Adapter.waitForTransaction(regtest, txid, 10_000)).toBe('success');
    expect(await sats(receiver.address)).toBe(1_000_000);
  });
});

describe('A malformed { to, value }', () => {
  it("is refused before anything is read or asked, the error's code and message naming the field", async () => {
    connect();
    const seen = sender.requests.length;
    const height = await tip();
    const to = receiver.address;
    const cases: [unknown, { code: string; field?: string; message: RegExp }][] = [
      [
        { to, value: 1000 },
        { code: 'AMOUNT_INVALID', field: 'value', message: /^"value" must be sats as a bigint or BTC as a decimal string, not a number$/ },
      ],
      [
        { to, value: -5n },
        { code: 'AMOUNT_NEGATIVE', field: 'value', message: /^"value": / },
      ],
      [
        { to, value: '-0.1' },
        { code: 'AMOUNT_NEGATIVE', field: 'value', message: /^"value": / },
      ],
      [
        { to, value: '1e5' },
        { code: 'AMOUNT_INVALID', field: 'value', message: /^"value": The amount "1e5" is not a number of BTC/ },
      ],
      [
        { to, value: '0.1 BTC' },
        { code: 'AMOUNT_INVALID', field: 'value', message: /^"value": / },
      ],
      [{ to }, { code: 'AMOUNT_INVALID', field: 'value', message: /^"value" is missing$/ }],
      [{ value: 1000n }, { code: 'ADDRESS_INVALID', field: 'to', message: /^"to" is missing$/ }],
      [
        { to: 42, value: 1000n },
        { code: 'ADDRESS_INVALID', field: 'to', message: /^"to" must be a Bitcoin address as a string, not a number$/ },
      ],
      [
        { to, value: 1000n, fee: 5 },
        { code: 'FIELD_UNKNOWN', field: 'fee', message: /^"fee" is not a field of a Bitcoin transaction/ },
      ],
      [
        { to, value: 1000n, from: sender.address },
        { code: 'FIELD_UNKNOWN', field: 'from', message: /^"from" is not a field/ },
      ],
      ['bc1q…', { code: 'TRANSACTION_INVALID', message: /^A Bitcoin transaction is an object \{ to, value \}, not "bc1q…"$/ }],
      [null, { code: 'TRANSACTION_INVALID', message: /not null$/ }],
    ];
    for (const [tx, expected] of cases) {
      const got = await refusal(send(tx));
      expect({
        tx: String(JSON.stringify(tx, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))),
        code: got?.code,
        field: got?.field,
      }).toEqual({
        tx: String(JSON.stringify(tx, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))),
        code: expected.code,
        field: expected.field,
      });
      expect(got!.message).toMatch(expected.message);
      expect(got!.text).toBeTruthy();
    }
    expect((await refusal(send({ to, value: 1000n, fee: 5 })))!.text).toBe('The transaction has a field a Bitcoin send does not take: fee');
    expect((await refusal(send(null)))!.text).toBe('This is not a Bitcoin transaction: it has a receiver and an amount');
    expect(sender.requests.length).toBe(seen);
    expect(await tip()).toBe(height);
  });
});
