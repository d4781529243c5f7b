/**
 * A Bitcoin send with a Blockchain API (issue 33 section 2): its UTXOs and fee estimates are read
 * through the real backend (startServer over SQLite, `--bitcoin-esplora` on the real regtest dev
 * chain) with the project id, so a network preset whose Esplora URL answers nothing still gets
 * its coins and fee; the send is still signed by the real test wallet, broadcast to the network's
 * Esplora and mined, the receiver gaining exactly the amount. An API that is down, rate-limiting
 * or answering off its shape (bad txids, another chain, not JSON) gives the same sentences as Esplora.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../../../server/src/index.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../../server/src/chains/bip122/devchain/server.js';
import { balance } from '../../../../server/test/btc-wallet.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../../../test/fixtures/bitcoin-wallet.js';
import { errorMessage } from '../../../elements/l10n/errors.js';
import { resetOptions, setOptions } from '../../../stores/app/options.js';
import { $accounts, patchAccount } from '../../../stores/connection/account.js';
import { estimateTransferFee, sendTransaction } from '../../../stores/connection/requests.js';
import { setLiveSession } from '../../../stores/connection/session-state.js';
import { $activeNamespace, $activeNetworkIds } from '../../../stores/network/networks.js';
import { setBlockchainApiDeps } from '../../../stores/portfolio/blockchain.js';
import { networks, type Network } from '../../../wire/networks.js';
import { loadChainRules } from '../../registry.js';
import { bip122Adapter } from '../adapter.js';
import { wrapBitcoinWallet } from '../wallet-standard.js';

const DOWN = 'http://127.0.0.1:9';
let btc: RunningBtcDevChain;
let server: RunningServer;
let regtest: Network;
let sender: BitcoinTestWallet;
const receiver = createBitcoinTestWallet({ storageKey: false, privateKey: '6c'.repeat(32) });
const asked: string[] = [];
const fakes: Server[] = [];

const sats = async (address: string) => {
  const b = await balance(btc.url, address);
  return BigInt(b.confirmed + b.unconfirmed);
};

/** The account connected on `network`, the Blockchain API at `apiUrl` (none when undefined). */
function connect(network: Network, apiUrl: string | undefined): void {
  setOptions({ networks: [network], ...(apiUrl ? { blockchainApiUrl: apiUrl, projectId: DEV_PROJECT_ID } : {}) });
  $activeNamespace.set('bip122');
  $activeNetworkIds.set({ bip122: network.caipNetworkId });
  patchAccount('bip122', { address: sender.address, caipAddress: `${network.caipNetworkId}:${sender.address}`, status: 'connected' });
  setLiveSession('bip122', {
    namespace: 'bip122',
    connectorId: 'wallet-standard:bitcoin test wallet',
    provider: wrapBitcoinWallet(sender.wallet, sender.wallet.name),
    adapter: bip122Adapter,
    stopEvents: () => undefined,
  });
}

/** An HTTP server answering every request with `handler`. */
async function fakeApi(handler: (url: string, res: ServerResponse) => void): Promise<string> {
  const fake = createServer((req, res) => handler(req.url ?? '', res));
  fakes.push(fake);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: Error & { code?: string }) => ({ code: err.code, text: errorMessage(err) }),
  );
const fee = () => estimateTransferFee(regtest, sender.address, { to: receiver.address, amount: 100_000n });

beforeAll(async () => {
  await loadChainRules('bip122');
  sender = createBitcoinTestWallet({ storageKey: false, privateKey: '6b'.repeat(32) });
  btc = await startBtcDevChain({ port: 0, fund: [{ address: sender.address, sats: 50_000_000n }], onError: () => undefined });
  server = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 }, bitcoinEsplora: btc.url });
  regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [btc.url] } } };
  await wrapBitcoinWallet(sender.wallet, sender.wallet.name).connect({ silent: false });
});
afterAll(async () => {
  setLiveSession('bip122', undefined);
  $accounts.set({});
  resetOptions();
  setBlockchainApiDeps({});
  for (const fake of fakes) {
    fake.closeAllConnections();
    fake.close();
  }
  await server?.close();
  await btc?.close();
});
beforeEach(() => {
  asked.length = 0;
  // Real requests, one attempt each; the URLs the client asked are kept.
  setBlockchainApiDeps({
    attempts: 1,
    timeoutMs: 5_000,
    fetch: (input, init) => {
      asked.push(String(input));
      return fetch(input, init);
    },
  });
});

describe('A Bitcoin send with a Blockchain API', () => {
  it('reads the coins and fee estimates through the API: a preset whose Esplora is down still gets them, without one it cannot', async () => {
    const down = { ...regtest, rpcUrls: { default: { http: [DOWN] } } };
    connect(down, undefined);
    expect(await refusal(estimateTransferFee(down, sender.address, { to: receiver.address, amount: 100_000n }))).toEqual({
      code: 'ESPLORA_UNREACHABLE',
      text: 'The Bitcoin network could not be reached; nothing was sent. Try again later',
    });

    connect(down, server.url);
    // The dev chain's estimates (3 sat/vB for 3 blocks), one P2WPKH input and two outputs: 141 vB.
    expect(await estimateTransferFee(down, sender.address, { to: receiver.address, amount: 100_000n })).toBe(141n * 3n);
    const paths = asked.map((u) => new URL(u));
    expect(paths.map((u) => u.pathname).sort()).toEqual([`/v1/account/${sender.address}/utxos`, '/v1/fee-estimates']);
    for (const u of paths) {
      expect(u.origin).toBe(server.url);
      expect(u.searchParams.get('chainId')).toBe(regtest.caipNetworkId);
      expect(u.searchParams.get('projectId')).toBe(DEV_PROJECT_ID);
    }
  });

  it('still sends: signed by the wallet, broadcast to the network and mined; the receiver gains exactly the amount', async () => {
    connect(regtest, server.url);
    const before = await sats(receiver.address);
    const txid = await sendTransaction({ to: receiver.address, value: '0.015' }, 'bip122');
    expect(asked.some((u) => new URL(u).pathname === `/v1/account/${sender.address}/utxos`)).toBe(true);
    expect(sender.requests.at(-1)).toBe('bitcoin:signTransaction');
    expect(await bip122Adapter.waitForTransaction(regtest, txid, 10_000)).toBe('success');
    expect((await sats(receiver.address)) - before).toBe(1_500_000n);
    // A second send spends the change the first left (confirmed now), read through the API again.
    const again = await sendTransaction({ to: receiver.address, value: 20_000n }, 'bip122');
    expect(await bip122Adapter.waitForTransaction(regtest, again, 10_000)).toBe('success');
    expect((await sats(receiver.address)) - before).toBe(1_520_000n);
  });

  it('an API that is down, rate-limiting or off its shape gives the same sentences as Esplora; nothing is sent', async () => {
    const before = await sats(sender.address);
    const unreachable = {
      code: 'ESPLORA_UNREACHABLE',
      text: 'The Bitcoin network could not be reached; nothing was sent. Try again later',
    };
    const badReply = { code: 'ESPLORA_BAD_REPLY', text: 'The Bitcoin network gave an unexpected answer; nothing was sent' };
    const chainId = regtest.caipNetworkId;
    const json = (res: ServerResponse, status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const fees = { chainId, fast: 5, normal: 3, slow: 1, targets: { '1': 5, '3': 3, '6': 1 } };
    const coin = { txid: 'ab'.repeat(32), vout: 0, value: 10_000_000, confirmations: 3 };
    const reply = (utxos: unknown, feeReply: unknown = fees, status = 200) =>
      fakeApi((url, res) =>
        json(
          res,
          status,
          url.startsWith('/v1/fee-estimates') ? feeReply : { chainId, confirmed: 0, unconfirmed: 0, price: 0, value: 0, utxos },
        ),
      );
    const cases: [string, string, { code: string; text: string }][] = [
      ['down', DOWN, unreachable],
      ['unavailable', await reply([], fees, 503), unreachable],
      [
        'rate-limiting',
        await reply([], fees, 429),
        { code: 'ESPLORA_RATE_LIMITED', text: 'The Bitcoin network asks to slow down; nothing was sent. Try again in a minute' },
      ],
      ['a txid that is none', await reply([{ ...coin, txid: 'zz' }]), badReply],
      ['a fraction of a sat', await reply([{ ...coin, value: 0.5 }]), badReply],
      ['another chain', await reply([coin], { ...fees, chainId: 'bip122:000000000019d6689c085ae165831e93' }), badReply],
      ['fee estimates off their shape', await reply([coin], { chainId, targets: 'fast' }), badReply],
      ['not JSON', await fakeApi((_url, res) => res.writeHead(200).end('<html>')), badReply],
    ];
    for (const [name, url, expected] of cases) {
      connect(regtest, url);
      expect({ name, ...(await refusal(fee())) }).toEqual({ name, ...expected });
      expect({ name, ...(await refusal(sendTransaction({ to: receiver.address, value: 10_000n }, 'bip122'))) }).toEqual({
        name,
        ...expected,
      });
    }
    expect(await sats(sender.address)).toBe(before);
  });
});
