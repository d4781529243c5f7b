/**
 * Sign in with X end to end: the built CDN bundle (w3kit.js and siwx.js) in Chromium, our
 * backend verifying (SQLite in a temp directory, its RPC on the Hardhat node), the local SVM,
 * the EVM test wallet (EIP-6963) and the Solana test wallet (Wallet Standard), and a
 * WalletConnect wallet in Node over our relay.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createSiweMessage } from 'viem/siwe';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOLANA_TEST_WALLET_BUNDLE, TEST_WALLET_BUNDLE } from '../../scripts/bundle-fixtures.mjs';
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_SEED_TEXT, startSvm, type LocalSvm } from '../../scripts/lib/svm.mjs';
import { startServer } from '../../server/src/index.js';
import { createWcWallet, type WcWallet } from '../fixtures/wc-wallet.js';
import { startHarness, type Harness } from './harness.js';
import { axeViolations, text, waitText } from './page.js';

type Backend = Awaited<ReturnType<typeof startServer>>;
const SEED = createHash('sha256').update(DEV_SOLANA_SEED_TEXT).digest('hex');
const WALLET = 'w3kit Test Wallet';
/** Hardhat's first two development accounts (public keys of the well-known test mnemonic). */
const KEY0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const KEY1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const A0 = privateKeyToAccount(KEY0).address;

let h: Harness;
let backend: Backend;
let svm: LocalSvm;
let dataDir: string;
let context: BrowserContext | undefined;
let wallet: WcWallet | undefined;
let errors: string[] = [];

interface PageOptions {
  required?: boolean;
  expiresInMs?: number;
  solana?: boolean;
  evm?: boolean;
}

/** The app: Localhost (31337) and the local SVM; siwx backed by our backend. */
function appPage(o: PageOptions): string {
  const siwx = JSON.stringify({
    apiUrl: backend.url,
    projectId: 'w3kit-dev',
    required: !!o.required,
    statement: 'Sign in to the w3kit e2e app.',
    ...(o.expiresInMs ? { expiresInMs: o.expiresInMs } : {}),
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>w3kit siwx e2e</title>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  import { createServerSiwx } from '/cdn/siwx.js';
  const chainA = { ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(h.chainA.url)}] } } };
  const sol = { ...networks.solanaLocal, rpcUrls: { default: { http: [${JSON.stringify(svm.url)}], webSocket: [${JSON.stringify(svm.wsUrl)}] } } };
  window.events = [];
  window.modal = createW3Modal({ networks: [chainA, sol], apiUrl: ${JSON.stringify(backend.url)}, projectId: 'w3kit-dev',
    relayUrl: ${JSON.stringify(backend.relayUrl)}, metadata: { name: 'w3kit e2e', url: location.origin, icons: [] },
    siwx: createServerSiwx(${siwx}) });
  window.modal.subscribeEvents((e) => window.events.push(e.type));
</script></head><body><main><h1>e2e</h1><w3-network-button></w3-network-button><w3-button></w3-button></main></body></html>`;
}

/** A fresh context with the wallets, on a new app page. */
async function open(o: PageOptions = {}): Promise<Page> {
  const path = `/siwx-${Math.random().toString(36).slice(2)}.html`;
  h.pages.set(path, appPage(o));
  context = await h.browser.newContext();
  await context.addInitScript(
    ([evm, sol]) => {
      const w = window as unknown as Record<string, unknown>;
      w.__W3_TEST_WALLETS__ = evm;
      w.__W3_SOLANA_TEST_WALLETS__ = sol;
    },
    [
      o.evm === false ? [] : [{ chainId: 31337, rpcUrls: { 31337: h.chainA.url }, name: WALLET }],
      o.solana ? [{ rpcUrl: svm.url, name: WALLET, seed: SEED, mode: 'approve' }] : [],
    ],
  );
  await context.addInitScript({ path: TEST_WALLET_BUNDLE });
  await context.addInitScript({ path: SOLANA_TEST_WALLET_BUNDLE });
  const p = await context.newPage();
  errors = [];
  p.on('pageerror', (e) => errors.push(e.message));
  await p.goto(h.baseUrl + path);
  await p.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  return p;
}

const view = (p: Page) => p.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
const isOpen = (p: Page) => p.evaluate(() => document.querySelector('w3-modal')?.hasAttribute('open'));
const sessions = (p: Page, ns?: string) =>
  p.evaluate((n) => (window as any).modal.getSiwxSessions(n), ns) as Promise<
    { message: string; signature: string; data: { accountAddress: string; chainId: string; nonce: string; expirationTime?: string } }[]
  >;
const address = (p: Page, ns?: string) => p.evaluate((n) => (window as any).modal.getAccount(n).address, ns) as Promise<string>;
const signView = (p: Page) => p.locator('w3-siwx-sign-message-view');
const dbSessions = () =>
  backend.db.prepare('SELECT address, chain_id AS chainId, revoked_at AS revokedAt FROM siwx_sessions ORDER BY created_at').all() as {
    address: string;
    chainId: string;
    revokedAt: number | null;
  }[];

async function connect(p: Page): Promise<void> {
  await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  await p.locator('w3-modal').getByRole('button', { name: WALLET }).first().click();
}

async function waitView(p: Page, name: string, timeout = 15_000): Promise<void> {
  await p.waitForFunction((n) => document.querySelector('w3-modal')?.getAttribute('view') === n, name, { timeout });
}

async function waitClosed(p: Page): Promise<void> {
  await p.waitForFunction(() => !document.querySelector('w3-modal')?.hasAttribute('open'), null, { timeout: 15_000 });
}

/** Posts to the backend's verify route as a page of the dev project would. */
async function verify(message: string, signature: string): Promise<{ status: number; body: { message?: string; token?: string } }> {
  const res = await fetch(`${backend.url}/v1/siwx/verify?projectId=w3kit-dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-project-id': 'w3kit-dev', origin: h.baseUrl },
    body: JSON.stringify({ message, signature }),
  });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

async function nonce(): Promise<string> {
  const res = await fetch(`${backend.url}/v1/siwx/nonce?projectId=w3kit-dev`, {
    headers: { 'x-project-id': 'w3kit-dev', origin: h.baseUrl },
  });
  return ((await res.json()) as { nonce: string }).nonce;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-e2e-siwx-'));
  h = await startHarness();
  [backend, svm] = await Promise.all([
    startServer({ port: 0, relayPort: 0, dataDir, seed: true, evmRpc: h.chainA.url }),
    startSvm({ port: 0, dataDir: join(dataDir, 'svm') }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([h?.stop(), backend?.close(), svm?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await wallet?.close();
  wallet = undefined;
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});

describe('Sign in with X end to end', { timeout: 120_000 }, () => {
  it('eip155: connecting asks to sign, the backend verifies, a reload keeps the session, disconnect revokes it', async () => {
    const p = await open();
    await connect(p);
    await waitView(p, 'SIWXSignMessage');
    await waitText(p, 'w3-siwx-sign-message-view', 'Sign in to the w3kit e2e app.');
    await waitText(p, 'w3-siwx-sign-message-view', 'w3kit e2e');
    expect(await axeViolations(p)).toEqual([]);
    await signView(p).getByRole('button', { name: 'Sign' }).click();
    await waitClosed(p);
    const [session] = await sessions(p);
    expect(session!.data.accountAddress).toBe(A0);
    expect(session!.data.chainId).toBe('eip155:31337');
    expect(session!.message).toContain('wants you to sign in with your Ethereum account:');
    expect(
      dbSessions()
        .filter((s) => s.revokedAt === null)
        .map((s) => s.address),
    ).toContain(A0);
    expect(await p.evaluate(() => (window as any).events)).toContain('SIWX_AUTH_SUCCESS');

    // A reload restores the connection and keeps the session: nothing asks again.
    await p.reload();
    await p.waitForFunction(() => (window as any).modal?.getAccount().address !== undefined, null, { timeout: 15_000 });
    await p.waitForTimeout(1500);
    expect(await isOpen(p)).toBe(false);
    expect((await sessions(p)).length).toBe(1);

    // The backend refuses the same signed message again: its nonce is spent.
    const replay = await verify(session!.message, session!.signature);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe('Nonce already used');

    await p.evaluate(() => (window as any).modal.disconnect());
    await expect.poll(() => dbSessions().filter((s) => s.address === A0 && s.revokedAt === null).length, { timeout: 10_000 }).toBe(0);
    expect(await p.evaluate(() => (window as any).events)).toContain('SIWX_SIGN_OUT');
  });

  it('the backend refuses a message for another domain and a signature by another key, saying which', async () => {
    const base = { address: A0, uri: h.baseUrl, version: '1' as const, chainId: 31337, issuedAt: new Date() };
    const other = createSiweMessage({ ...base, domain: 'evil.example', uri: 'https://evil.example', nonce: await nonce() });
    const refusedDomain = await verify(other, await privateKeyToAccount(KEY0).signMessage({ message: other }));
    expect(refusedDomain.status).toBe(403);
    expect(refusedDomain.body.message).toContain('evil.example');

    const mine = createSiweMessage({ ...base, domain: new URL(h.baseUrl).host, nonce: await nonce() });
    const byOtherKey = await verify(mine, await privateKeyToAccount(KEY1).signMessage({ message: mine }));
    expect(byOtherKey.status).toBe(401);
    expect(byOtherKey.body.message).toBe('Invalid signature');
    // The same message signed by its own key passes: the refusals above were for what they say.
    const good = createSiweMessage({ ...base, domain: new URL(h.baseUrl).host, nonce: await nonce() });
    expect((await verify(good, await privateKeyToAccount(KEY0).signMessage({ message: good }))).status).toBe(200);
  });

  it('an expired session asks again after a reload', async () => {
    const p = await open({ expiresInMs: 4000 });
    await connect(p);
    await waitView(p, 'SIWXSignMessage');
    await signView(p).getByRole('button', { name: 'Sign' }).click();
    await waitClosed(p);
    expect((await sessions(p)).length).toBe(1);
    await p.waitForTimeout(4500);
    await p.reload();
    await waitView(p, 'SIWXSignMessage');
    expect(await isOpen(p)).toBe(true);
  });

  it('required: Escape and the overlay do not close; a refused signature says so and stays; Cancel disconnects', async () => {
    const p = await open({ required: true });
    await connect(p);
    await waitView(p, 'SIWXSignMessage');
    await p.keyboard.press('Escape');
    await p.waitForTimeout(300);
    expect(await isOpen(p)).toBe(true);
    expect(await view(p)).toBe('SIWXSignMessage');
    await p.mouse.click(5, 5);
    await p.waitForTimeout(300);
    expect(await isOpen(p)).toBe(true);

    await p.evaluate(() => (window as any).testWallets[0].setMode('reject'));
    await signView(p).getByRole('button', { name: 'Sign' }).click();
    await waitText(p, 'w3-siwx-sign-message-view', 'Signature declined');
    expect(await view(p)).toBe('SIWXSignMessage');
    expect(await p.evaluate(() => (window as any).events)).toContain('SIWX_AUTH_ERROR');

    await signView(p).getByRole('button', { name: 'Cancel' }).click();
    await waitClosed(p);
    await expect.poll(() => address(p)).toBeUndefined();
  });

  it('optional: Cancel closes and stays connected, without a session', async () => {
    const p = await open({ required: false });
    await connect(p);
    await waitView(p, 'SIWXSignMessage');
    await signView(p).getByRole('button', { name: 'Cancel' }).click();
    await waitClosed(p);
    expect(await address(p)).toBe(A0);
    expect(await sessions(p)).toEqual([]);
  });

  it('solana: signs in with the Solana wallet, verified by the backend (ed25519)', async () => {
    const p = await open({ solana: true, evm: false });
    await connect(p);
    await waitView(p, 'SIWXSignMessage');
    await signView(p).getByRole('button', { name: 'Sign' }).click();
    await waitClosed(p);
    const [session] = await sessions(p, 'solana');
    expect(session!.data.accountAddress).toBe(DEV_SOLANA_ADDRESS);
    expect(session!.data.chainId.startsWith('solana:')).toBe(true);
    expect(session!.message).toContain('wants you to sign in with your Solana account:');
    expect(dbSessions().some((s) => s.address === DEV_SOLANA_ADDRESS && s.revokedAt === null)).toBe(true);
  });

  it('a WalletConnect wallet signs in too', async () => {
    const p = await open({ evm: false });
    wallet = await createWcWallet({ relayUrl: backend.relayUrl as string, rpcUrls: { 31337: h.chainA.url }, chainId: 31337 });
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await p.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' }).click();
    const qr = p.locator('w3-qr-code');
    await expect.poll(async () => ((await qr.getAttribute('uri')) ?? '').startsWith('wc:'), { timeout: 20_000 }).toBe(true);
    await wallet.pair((await qr.getAttribute('uri')) as string);
    await waitView(p, 'SIWXSignMessage', 20_000);
    await signView(p).getByRole('button', { name: 'Sign' }).click();
    await waitClosed(p).catch(async (err: Error) => {
      throw new Error(
        `${err.message}; the view says: ${await text(p, 'w3-siwx-sign-message-view')}; events ${JSON.stringify(await p.evaluate(() => (window as any).events))}; wallet requests ${JSON.stringify(wallet!.requests.map((r) => r.method))}; view ${await view(p)}`,
      );
    });
    const [session] = await sessions(p);
    expect(session!.data.accountAddress.toLowerCase()).toBe((wallet.addresses[0] as string).toLowerCase());
  });
});
