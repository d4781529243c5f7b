/**
 * Bitcoin activity (issue 33 section 2) on the real regtest dev chain, through the Activity tab's
 * store: after a real send (signed by the test wallet), the sender's list has its 'Sent' row and
 * the receiver's its 'Received' one, each in BTC with its confirmations, pending until mined;
 * without a Blockchain API from the network's Esplora (`/address/{a}/txs`, then
 * `/txs/chain/{last}` for more than 25), with one from the real backend's history route.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../../server/src/index.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../server/src/chains/bip122/devchain/server.js';
import { payWithChange, post, testKey, type Coin } from '../../../server/test/btc-wallet.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../../test/fixtures/bitcoin-wallet.js';
import { resetOptions, setOptions } from '../../stores/app/options.js';
import { $accounts, patchAccount } from '../../stores/connection/account.js';
import { sendTransaction } from '../../stores/connection/requests.js';
import { setLiveSession } from '../../stores/connection/session-state.js';
import { $activeNamespace, $activeNetworkIds } from '../../stores/network/networks.js';
import { $activity, fetchMoreActivity, resetActivity, type ActivityState } from '../../stores/portfolio/activity.js';
import { networks, type Network } from '../../wire/networks.js';
import { loadChainRules } from '../registry.js';
import { readActivity } from './activity.js';
import { bip122Adapter } from './adapter.js';
import { wrapBitcoinWallet } from './wallet-standard.js';

let btc: RunningBtcDevChain;
let server: RunningServer;
let regtest: Network;
let sender: BitcoinTestWallet;
const receiver = createBitcoinTestWallet({ storageKey: false, privateKey: '8c'.repeat(32) });

function connect(address: string, apiUrl?: string): void {
  setOptions({ networks: [regtest], ...(apiUrl ? { blockchainApiUrl: apiUrl, projectId: DEV_PROJECT_ID } : {}) });
  $activeNamespace.set('bip122');
  $activeNetworkIds.set({ bip122: regtest.caipNetworkId });
  patchAccount('bip122', { address, caipAddress: `${regtest.caipNetworkId}:${address}`, status: 'connected' });
}

/** The Activity tab's list once loaded, read afresh (listening loads it); `off` stops listening. */
async function activity(address: string, apiUrl?: string): Promise<ActivityState & { off: () => void }> {
  resetActivity();
  connect(address, apiUrl);
  const off = $activity.listen(() => undefined);
  await vi.waitFor(() => expect($activity.get().status).toBe('ready'), { timeout: 10_000 });
  return { ...$activity.get(), off };
}

const rows = (state: ActivityState & { off: () => void }) => {
  state.off();
  return state.transactions.map((t) => ({
    hash: t.metadata.hash,
    type: t.metadata.operationType,
    direction: t.transfers[0]!.direction,
    btc: t.transfers[0]!.quantity.numeric,
    symbol: t.transfers[0]!.fungible_info?.symbol,
    confirmations: t.metadata.confirmations,
  }));
};

beforeAll(async () => {
  await loadChainRules('bip122');
  sender = createBitcoinTestWallet({ storageKey: false, privateKey: '8b'.repeat(32) });
  // Blocks only when the test mines them: a send stays pending first.
  btc = await startBtcDevChain({
    port: 0,
    blockTimeSeconds: 3600,
    fund: [{ address: sender.address, sats: 30_000_000n }],
    onError: () => undefined,
  });
  server = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 }, bitcoinEsplora: btc.url });
  regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [btc.url] } } };
  const provider = wrapBitcoinWallet(sender.wallet, sender.wallet.name);
  await provider.connect({ silent: false });
  setLiveSession('bip122', {
    namespace: 'bip122',
    connectorId: 'wallet-standard:test',
    provider,
    adapter: bip122Adapter,
    stopEvents: () => undefined,
  });
});
afterAll(async () => {
  setLiveSession('bip122', undefined);
  $accounts.set({});
  resetOptions();
  await server?.close();
  await btc?.close();
});

describe('Bitcoin activity', () => {
  it("lists the sender's Sent and the receiver's Received rows in BTC, pending then confirmed, from Esplora and from the API", async () => {
    connect(sender.address);
    const txid = await sendTransaction({ to: receiver.address, value: '0.02' }, 'bip122');
    const sent = { hash: txid, type: 'send', direction: 'out', symbol: 'BTC' };
    const received = { hash: txid, type: 'receive', direction: 'in', btc: '0.02', symbol: 'BTC' };
    for (const api of [undefined, server.url]) {
      const from = rows(await activity(sender.address, api));
      expect(from[0]).toMatchObject({ ...sent, confirmations: 0 });
      // What left the account: the amount and the fee (its change came back).
      expect(Number(from[0]!.btc)).toBeGreaterThan(0.02);
      expect(Number(from[0]!.btc)).toBeLessThan(0.0201);
      expect(from[1]).toMatchObject({ type: 'receive', direction: 'in', btc: '0.3', confirmations: 1 });
      expect(rows(await activity(receiver.address, api))).toEqual([{ ...received, confirmations: 0 }]);
    }
    btc.mine();
    btc.mine();
    for (const api of [undefined, server.url]) {
      expect(rows(await activity(sender.address, api))[0]).toMatchObject({ ...sent, confirmations: 2 });
      expect(rows(await activity(receiver.address, api))).toEqual([{ ...received, confirmations: 2 }]);
    }
  });

  it('pages past 25 confirmed transactions with /txs/chain/{last} without a Blockchain API', async () => {
    const payer = testKey('bip122 activity paging payer');
    const many = testKey('bip122 activity paging receiver').wpkh.address;
    connect(sender.address);
    const funding = await sendTransaction({ to: payer.wpkh.address, value: '0.1' }, 'bip122');
    btc.mine();
    const out = (await (await fetch(`${btc.url}/tx/${funding}`)).json()) as { vout: { scriptpubkey_address: string; value: number }[] };
    const vout = out.vout.findIndex((o) => o.scriptpubkey_address === payer.wpkh.address);
    let coin: Coin = { txid: funding, vout, value: out.vout[vout]!.value, kind: 'wpkh' };
    for (let i = 0; i < 27; i++) {
      const hex = payWithChange(payer, coin, many, 1_000, 500);
      const { status, text } = await post(btc.url, hex);
      expect(status).toBe(200);
      btc.mine();
      coin = { txid: text, vout: 1, value: coin.value - 1_500, kind: 'wpkh' };
    }
    const first = await readActivity(regtest, many);
    expect(first.data).toHaveLength(25);
    expect(first.next).toBe(first.data.at(-1)!.id);
    const second = await readActivity(regtest, many, first.next!);
    expect(second.data).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(new Set([...first.data, ...second.data].map((t) => t.id)).size).toBe(27);

    // The store's list follows: the first page, then the next one on scrolling.
    const state = await activity(many);
    expect(state.transactions).toHaveLength(25);
    expect(state.next).toBe(first.next);
    await fetchMoreActivity();
    expect($activity.get().transactions.map((t) => t.transfers[0]!.quantity.numeric)).toEqual(Array(27).fill('0.00001'));
    expect($activity.get().next).toBeNull();
    state.off();
    await expect(readActivity(regtest, many, 'not-a-txid')).rejects.toThrow(/not a txid/);
  });
});
