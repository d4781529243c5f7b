/**
 * Helpers of the Bitcoin end-to-end proof (./bitcoin.test.ts): the app page on three local
 * chains with Sign in with X on our backend, the demo's Dev Wallet (one wallet on EVM, Solana and
 * Bitcoin, its prompt set to approve) injected before the page loads, the Esplora reads of the
 * local regtest chain, and the WalletSend form driven as a person does.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEV_WALLET_BUNDLE } from '../../scripts/bundle-demo-wallets.mjs';

export interface Urls {
  evm: string;
  svm: { url: string; wsUrl: string };
  btc: string;
  api: string;
  relay: string;
}

/** The app: Localhost (31337), Solana Local and Bitcoin Regtest at this run's ports, SIWX on the backend (not required). */
export function appPage(u: Urls): string {
  const siwx = JSON.stringify({ apiUrl: u.api, projectId: 'w3kit-dev', required: false, statement: 'Sign in to the w3kit e2e.' });
  const rpc = (http: string, ws?: string) => JSON.stringify({ default: { http: [http], ...(ws ? { webSocket: [ws] } : {}) } });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>w3kit bitcoin e2e</title>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  import { createServerSiwx } from '/cdn/siwx.js';
  const evm = { ...networks.localhost, rpcUrls: ${rpc(u.evm)} };
  const sol = { ...networks.solanaLocal, rpcUrls: ${rpc(u.svm.url, u.svm.wsUrl)} };
  const btc = { ...networks.bitcoinRegtest, rpcUrls: ${rpc(u.btc)} };
  window.modal = createW3Modal({ networks: [evm, sol, btc], apiUrl: ${JSON.stringify(u.api)}, projectId: 'w3kit-dev',
    relayUrl: ${JSON.stringify(u.relay)}, metadata: { name: 'w3kit e2e', url: location.origin, icons: [] },
    siwx: createServerSiwx(${siwx}) });
</script></head><body><main><h1>e2e</h1><w3-network-button></w3-network-button><w3-button></w3-button></main></body></html>`;
}

/** The Dev Wallet (dist/demo/dev-wallet.js) before the page's scripts: the local chains, approving without a prompt. */
export async function addDevWallet(context: BrowserContext, u: Urls): Promise<void> {
  await context.addInitScript(
    (settings) => {
      (window as unknown as { W3KIT_DEV_WALLET: unknown }).W3KIT_DEV_WALLET = settings;
    },
    { rpcUrls: { 31337: u.evm }, chainId: 31337, solanaRpcUrl: u.svm.url, mode: 'approve' },
  );
  await context.addInitScript({ path: DEV_WALLET_BUNDLE });
}

/** The CDN chunk that holds `module` (dist/cdn/manifest.json), so a test can wait for a lazy module to load. */
export function chunkOf(module: string): string {
  const manifest = JSON.parse(readFileSync('dist/cdn/manifest.json', 'utf8')) as { chunks: Record<string, { modules: object }> };
  const hit = Object.entries(manifest.chunks).find(([, c]) => Object.hasOwn(c.modules, module));
  if (!hit) throw new Error(`no CDN chunk holds ${module}`);
  return hit[0];
}

// ---- the local regtest chain, read as Esplora serves it ----

interface Stats {
  funded_txo_sum: number;
  spent_txo_sum: number;
}
export interface EsploraTx {
  txid: string;
  fee: number;
  vout: { value: number; scriptpubkey_address?: string }[];
  status: { confirmed: boolean; block_hash?: string; block_height?: number };
}

async function get<T>(btc: string, path: string): Promise<T> {
  const reply = await fetch(`${btc}${path}`);
  if (!reply.ok) throw new Error(`GET ${path}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** An address's sats, confirmed plus unconfirmed. */
export async function sats(btc: string, address: string): Promise<number> {
  const a = await get<{ chain_stats: Stats; mempool_stats: Stats }>(btc, `/address/${address}`);
  const net = (s: Stats) => s.funded_txo_sum - s.spent_txo_sum;
  return net(a.chain_stats) + net(a.mempool_stats);
}

/** An address's transactions, newest first. */
export const txsOf = (btc: string, address: string) => get<EsploraTx[]>(btc, `/address/${address}/txs`);

// ---- the modal ----

export const view = (p: Page) => p.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
export const activeChain = (p: Page) => p.evaluate(() => (window as any).modal.getState().activeChain as string);
export const account = (p: Page, ns: string) =>
  p.evaluate((n) => (window as any).modal.getAccount(n) as { address?: string; isConnected: boolean }, ns);

/** The text of the first match (Playwright's locators pierce shadow roots), '' while there is none. */
export const shown = async (p: Page, selector: string): Promise<string> =>
  (await p.locator(selector).count()) ? ((await p.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim() : '';

/** Signs in from SIWXSignMessage (open now or soon), waits for the modal to close and the session to count. */
export async function signIn(p: Page): Promise<void> {
  await expect.poll(() => view(p), { timeout: 15_000 }).toBe('SIWXSignMessage');
  await p.locator('w3-siwx-sign-message-view').getByRole('button', { name: 'Sign' }).click();
  await p.waitForFunction(() => !document.querySelector('w3-modal')?.hasAttribute('open'), null, { timeout: 15_000 });
  await signedIn(p);
}

/** Waits until the sign-in check of the active account has answered that it is signed in; nothing asks to sign in. */
export async function signedIn(p: Page): Promise<void> {
  await expect.poll(() => p.evaluate(() => (window as any).modal.getAuthStatus()), { timeout: 15_000 }).toBe('authenticated');
  expect(await view(p)).not.toBe('SIWXSignMessage');
}

const SEND = 'w3-wallet-send-view';
const input = (p: Page, label: 'Amount' | 'To') => p.locator(`${SEND} w3-ui-text-input[label="${label}"] input`);
const button = (p: Page, name: string) => p.locator(SEND).getByRole('button', { name, exact: true });

/** The WalletSend form's error under `label`. */
export const fieldError = (p: Page, label: 'Amount' | 'To') => shown(p, `${SEND} w3-ui-text-input[label="${label}"] p.error`);
/** The Review step's alert. */
export const reviewAlert = (p: Page) => shown(p, `${SEND} p.error[role="alert"]:not([data-send-error])`);

/** Opens WalletSend (not awaited: open() resolves once sent) and waits for the BTC to send. */
export async function openSend(p: Page): Promise<void> {
  await p.evaluate(() => void (window as any).modal.open({ view: 'WalletSend' }));
  await expect.poll(() => shown(p, `${SEND} w3-ui-token-picker button.chip`), { timeout: 10_000 }).toContain('BTC');
}

/** Types the amount and receiver and presses Preview send. */
export async function fillSend(p: Page, amount: string, to: string): Promise<void> {
  await input(p, 'Amount').fill(amount);
  await input(p, 'To').fill(to);
  await button(p, 'Preview send').click();
}

/** The form's values, as the inputs hold them. */
export const formValues = async (p: Page) => ({ amount: await input(p, 'Amount').inputValue(), to: await input(p, 'To').inputValue() });

/** From the Review step back to the form; resolves with the values it kept. */
export async function backToEdit(p: Page): Promise<{ amount: string; to: string }> {
  await button(p, 'Back to edit').click();
  await input(p, 'Amount').waitFor();
  return formValues(p);
}

/** Waits for the Review step's fee (the estimate settled) or its refusal; returns the alert ('' when none). */
export async function reviewSettled(p: Page): Promise<string> {
  await expect.poll(() => shown(p, `${SEND} [data-preview-fee]`), { timeout: 15_000 }).not.toMatch(/^(|Estimating…)$/);
  return reviewAlert(p);
}

export const sendButton = (p: Page) => button(p, 'Send');
