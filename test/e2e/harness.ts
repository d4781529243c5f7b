/**
 * End-to-end harness: two real Hardhat nodes (31337, 31338), the built CDN bundle served on
 * loopback, the test EIP-1193 wallet injected before the page loads, and Chromium (scripts/lib/browser.mjs) driven
 * by playwright-core. Pages are generated per test so they point at the nodes' random ports.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import * as esbuild from 'esbuild';
import { expect } from 'vitest';
import { startChains, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { bundleFixtures, TEST_WALLET_BUNDLE } from '../../scripts/bundle-fixtures.mjs';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { ensureBrowser } from '../../scripts/lib/browser.mjs';

export interface Harness {
  browser: Browser;
  chainA: HardhatNode;
  chainB: HardhatNode;
  baseUrl: string;
  /** The same pages on localhost (one site with the frame site, which WebAuthn needs on a name). */
  localBaseUrl: string;
  pages: Map<string, string>;
  stop(): Promise<void>;
}

export interface WalletSpec {
  chainId?: number;
  rpcUrls?: Record<number, string>;
  name?: string;
  rdns?: string;
  mode?: 'approve' | 'reject' | 'hang';
}

/**
 * The app page: createW3Modal with localhost (chain A) and "Chain B" (31338), plus the page
 * buttons, with the CSS docs/frameworks.md gives for <w3-button> before it is defined.
 */
export function appPage(chainA: string, chainB: string, extra = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>w3kit e2e</title>
<style>w3-button:not(:defined) { display: inline-block; vertical-align: middle; min-height: 40px; }</style>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  const chainB = { ...networks.localhost, id: 31338, caipNetworkId: 'eip155:31338', name: 'Chain B',
    rpcUrls: { default: { http: [${JSON.stringify(chainB)}] } },
    blockExplorers: { default: { name: 'B Explorer', url: 'https://explorer.example/b' } } };
  const chainA = { ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(chainA)}] } } };
  window.events = [];
  window.modal = createW3Modal({ networks: [chainA, chainB] ${extra} });
  for (const type of ['w3-connect', 'w3-disconnect', 'w3-network-change', 'w3-error', 'w3-open', 'w3-close'])
    document.addEventListener(type, (e) => window.events.push({ type, detail: JSON.parse(JSON.stringify(e.detail ?? {})) }));
</script></head><body><main><h1>e2e</h1><w3-network-button></w3-network-button><w3-button></w3-button></main></body></html>`;
}

export async function startHarness(): Promise<Harness> {
  if (!existsSync('dist/cdn/w3kit.js')) throw new Error('dist/cdn/w3kit.js is missing: run `node scripts/build.mjs` first (npm test does)');
  await bundleFixtures();
  const [chains, browser] = await Promise.all([
    startChains(),
    ensureBrowser({ quiet: true }).then((executablePath) => chromium.launch({ executablePath, args: CHROMIUM_ARGS })),
  ]);
  const pages = new Map<string, string>();
  const server = await startStaticServer({ routes: { '/cdn/': 'dist/cdn' }, pages });
  return {
    browser,
    chainA: chains.chainA,
    chainB: chains.chainB,
    baseUrl: server.url,
    localBaseUrl: server.localUrl,
    pages,
    async stop() {
      await browser.close().catch(() => undefined);
      await server.close();
      await chains.stop();
    },
  };
}

export interface AppSession {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A page script bundled for the browser (ESM, es2022) from `contents`, its imports resolved from
 * the repository's root; `options` adds to esbuild's (the loader, JSX, plugins).
 */
export async function bundlePageScript(
  contents: string,
  options: Omit<esbuild.BuildOptions, 'loader'> & { loader?: esbuild.Loader } = {},
): Promise<string> {
  const { loader = 'ts', ...rest } = options;
  const result = await esbuild.build({
    stdin: { contents, resolveDir: process.cwd(), loader },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
    ...rest,
  });
  return result.outputFiles![0]!.text;
}

/** After a test: its page logged no error, and its context closes (nothing when no app was opened). */
export async function closeApp(app: AppSession | undefined): Promise<void> {
  if (!app) return;
  expect(app.errors).toEqual([]);
  await app.context.close();
}

/** A fresh browser context (empty storage) with the given wallets, on the app page. */
export async function openApp(h: Harness, wallets: WalletSpec[] = [{}], extra = ''): Promise<AppSession> {
  const path = `/app-${Math.random().toString(36).slice(2)}.html`;
  h.pages.set(path, appPage(h.chainA.url, h.chainB.url, extra));
  const context = await h.browser.newContext();
  const specs = wallets.map((w) => ({ chainId: 31337, rpcUrls: { 31337: h.chainA.url }, ...w }));
  // A test can make the wallets disappear for the next load: sessionStorage 'w3-test-no-wallet'.
  await context.addInitScript((list) => {
    (window as unknown as { __W3_TEST_WALLETS__: unknown }).__W3_TEST_WALLETS__ = sessionStorage.getItem('w3-test-no-wallet') ? [] : list;
  }, specs);
  await context.addInitScript({ path: TEST_WALLET_BUNDLE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(h.baseUrl + path);
  await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  return { context, page, errors };
}
