/**
 * Sign in with X with a Bitcoin wallet, end to end: the built CDN bundle (w3kit.js and siwx.js)
 * in Chromium with the regtest network only, our backend verifying the BIP-322 signature
 * (SQLite in a temp directory, its Blockchain API on the local regtest chain), and the
 * WalletConnect test wallet in Node over our relay, connected through the bip122 namespace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { Verifier } from 'bip322-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_BITCOIN_KEY } from '../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../server/src/chains/bip122/devchain/server.js';
import { startServer } from '../../server/src/index.js';
import { networks } from '../../src/wire/networks.js';
import { createWcWallet, type WcWallet } from '../fixtures/wc-wallet.js';
import { startHarness, type Harness } from './harness.js';
import { text } from './page.js';

type Backend = Awaited<ReturnType<typeof startServer>>;
const REGTEST_ID = networks.bitcoinRegtest.caipNetworkId;

let h: Harness;
let backend: Backend;
let btc: RunningBtcDevChain;
let dataDir: string;
let context: BrowserContext | undefined;
let wallet: WcWallet | undefined;
let errors: string[] = [];

function appPage(): string {
  const siwx = JSON.stringify({ apiUrl: backend.url, projectId: 'w3kit-dev', required: false, statement: 'Sign in with Bitcoin.' });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>w3kit siwx bitcoin e2e</title>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  import { createServerSiwx } from '/cdn/siwx.js';
  const regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [${JSON.stringify(btc.url)}] } } };
  window.events = [];
  window.modal = createW3Modal({ networks: [regtest], apiUrl: ${JSON.stringify(backend.url)}, projectId: 'w3kit-dev',
    relayUrl: ${JSON.stringify(backend.relayUrl)}, metadata: { name: 'w3kit e2e', url: location.origin, icons: [] },
    siwx: createServerSiwx(${siwx}) });
  window.modal.subscribeEvents((e) => window.events.push(e.type));
</script></head><body><main><h1>e2e</h1><w3-button></w3-button></main></body></html>`;
}

const view = (p: Page) => p.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
const signView = (p: Page) => p.locator('w3-siwx-sign-message-view');
const dbSessions = () =>
  backend.db.prepare('SELECT address, chain_id AS chainId, revoked_at AS revokedAt FROM siwx_sessions ORDER BY created_at').all() as {
    address: string;
    chainId: string;
    revokedAt: number | null;
  }[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-e2e-siwx-btc-'));
  btc = await startBtcDevChain({ port: 0, onError: () => undefined });
  h = await startHarness();
  backend = await startServer({ port: 0, relayPort: 0, dataDir, seed: true, evmRpc: h.chainA.url, bitcoinEsplora: btc.url });
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([h?.stop(), backend?.close(), btc?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  await wallet?.close();
  wallet = undefined;
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});

describe('Sign in with a Bitcoin wallet end to end', { timeout: 120_000 }, () => {
  it('a WalletConnect Bitcoin wallet signs the CAIP-122 message (BIP-322); the backend verifies and keeps the session', async () => {
    const path = `/siwx-btc-${Math.random().toString(36).slice(2)}.html`;
    h.pages.set(path, appPage());
    context = await h.browser.newContext();
    const p = await context.newPage();
    errors = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(h.baseUrl + path);
    await p.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
    wallet = await createWcWallet({
      relayUrl: backend.relayUrl as string,
      rpcUrls: { 31337: h.chainA.url },
      chainId: 31337,
      bip122: { privateKey: DEV_BITCOIN_KEY.privateKey, esploraUrl: btc.url },
    });
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await p.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' }).click();
    const qr = p.locator('w3-qr-code');
    await expect.poll(async () => ((await qr.getAttribute('uri')) ?? '').startsWith('wc:'), { timeout: 20_000 }).toBe(true);
    await wallet.pair((await qr.getAttribute('uri')) as string);
    await p.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'SIWXSignMessage', null, {
      timeout: 20_000,
    });
    await signView(p).getByRole('button', { name: 'Sign' }).click();
    await p
      .waitForFunction(() => !document.querySelector('w3-modal')?.hasAttribute('open'), null, { timeout: 20_000 })
      .catch(async (err: Error) => {
        throw new Error(
          `${err.message}; the view says: ${await text(p, 'w3-siwx-sign-message-view')}; events ${JSON.stringify(await p.evaluate(() => (window as any).events))}; wallet requests ${JSON.stringify(wallet!.requests.map((r) => r.method))}; view ${await view(p)}`,
        );
      });

    const sessions = (await p.evaluate(() => (window as any).modal.getSiwxSessions('bip122'))) as {
      message: string;
      signature: string;
      data: { accountAddress: string; chainId: string };
    }[];
    const [session] = sessions;
    expect(session!.data.accountAddress).toBe(DEV_BITCOIN_KEY.address);
    expect(session!.data.chainId).toBe(REGTEST_ID);
    expect(session!.message.split('\n').slice(0, 2)).toEqual([
      `${new URL(h.baseUrl).host} wants you to sign in with your Bitcoin account:`,
      DEV_BITCOIN_KEY.address,
    ]);
    expect(session!.message).toContain(`Chain ID: ${REGTEST_ID.slice(7)}`);
    expect(Verifier.verifySignature(DEV_BITCOIN_KEY.address, session!.message, session!.signature)).toBe(true);
    expect(dbSessions().filter((s) => s.revokedAt === null)).toEqual([
      { address: DEV_BITCOIN_KEY.address, chainId: REGTEST_ID, revokedAt: null },
    ]);
    expect(await p.evaluate(() => (window as any).events)).toContain('SIWX_AUTH_SUCCESS');
    expect(wallet.requests.filter((r) => r.method === 'signMessage').map((r) => (r.params as { protocol: string }).protocol)).toEqual([
      'bip322',
    ]);
  });
});
