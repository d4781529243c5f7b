/**
 * The on-ramp payout tests' set-up (payout-once*.test.ts): a Hardhat node for the file, an app
 * over a storage on it as startServer builds one (short receipt waits and watches), a checkout
 * through the API, its payment through the checkout page, and its state as the API reports it.
 */
import { createPublicClient, http, type Address } from 'viem';
import { afterAll, beforeAll, expect } from 'vitest';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { checkoutSessionId } from '../../src/wire/onramp-api.js';
import { buildApp } from '../src/app.js';
import { createIndexer } from '../src/blockchain/indexer.js';
import type { Storage } from '../src/storage/engine.js';

export const ORIGIN = 'http://localhost:5173';
export const BUYER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const GOOD_CARD = { card: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
/** 98.50 USD at 3000 USD per ETH (a 100 USD checkout). */
export const QUOTED = (9850n * 10n ** 18n) / 300000n;

let chain: HardhatNode;
/** The file's Hardhat node (started before its tests, stopped after). */
export const chainUrl = () => chain.url;
const reader = () => createPublicClient({ transport: http(chain.url) });
export const balance = () => reader().getBalance({ address: BUYER });
export const rpc = (method: string, params: unknown[] = []) => reader().request({ method, params } as never);

export function useHardhat(): void {
  beforeAll(async () => {
    chain = await startHardhat({ port: 0 });
  }, 90_000);
  afterAll(async () => {
    await chain?.stop();
  });
}

export async function waitFor<T>(test: () => T | Promise<T>, what: string, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await test();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An app over `storage` on the chain, as startServer builds it, with short receipt waits and watches. */
export async function startApp(storage: Storage) {
  const indexer = createIndexer({ storage, rpcUrl: chain.url, pollIntervalMs: 100 });
  const app = buildApp({ storage, blockchain: { indexer }, onramp: { receiptWaitMs: 300, watchIntervalMs: 100 } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  indexer.start();
  await waitFor(() => indexer.chainId() === 'eip155:31337', 'the indexer');
  return {
    base,
    async close() {
      await app.close();
      await indexer.stop();
    },
  };
}

export async function checkout(base: string) {
  const res = await fetch(`${base}/v1/generators/onrampurl?projectId=w3kit-dev`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      destinationWallets: [{ address: BUYER, blockchains: ['localhost'], assets: ['ETH'] }],
      partnerUserId: BUYER,
      presetFiatAmount: 100,
    }),
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const csrf = /name="csrf" value="([^"]+)"/.exec(await (await fetch(url)).text())![1]!;
  return { url, csrf, id: checkoutSessionId(url)! };
}

export const pay = (base: string, url: string, csrf: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ csrf, ...GOOD_CARD }).toString(),
  });

export const purchase = async (base: string, id: string) =>
  (await (await fetch(`${base}/v1/onramp/purchases/${id}?projectId=w3kit-dev`, { headers: { origin: ORIGIN } })).json()) as {
    status: string;
    txHash: string | null;
  };
