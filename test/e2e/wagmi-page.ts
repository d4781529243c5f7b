/**
 * The wagmi test page of test/e2e/wagmi*.test.ts: a script bundled by esbuild (no plugins but
 * the mapping of `w3kit` and `w3kit/wagmi` to the built dist/) that builds a W3WagmiAdapter,
 * records wagmi's status from the first moment, and creates the modal with the adapter.
 */
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_WALLET_BUNDLE } from '../../scripts/bundle-fixtures.mjs';
import { bundlePageScript, type AppSession, type Harness, type WalletSpec } from './harness.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `window.__W3_WAGMI__`: `ssr` uses cookie storage and hydrates as <WagmiProvider> does; `modal` adds createW3Modal options. */
const PAGE_SCRIPT = `
import { createW3Modal, networks } from 'w3kit';
import { W3WagmiAdapter, createStorage, cookieStorage, cookieToInitialState } from 'w3kit/wagmi';
import * as wagmi from '@wagmi/core';
const { chainA: a, chainB: b, ssr, modal = {} } = window.__W3_WAGMI__;
const chainA = { ...networks.localhost, rpcUrls: { default: { http: [a] } } };
const chainB = { ...networks.localhost, id: 31338, caipNetworkId: 'eip155:31338', name: 'Chain B', rpcUrls: { default: { http: [b] } } };
const adapter = new W3WagmiAdapter({ networks: [chainA, chainB], ...(ssr ? { ssr: true, storage: createStorage({ storage: cookieStorage }) } : {}) });
const config = adapter.wagmiConfig;
window.statuses = [wagmi.getConnection(config).status];
wagmi.watchConnection(config, { onChange: (c) => window.statuses.push(c.status) });
window.wagmi = wagmi;
window.config = config;
window.modal = createW3Modal({ networks: [chainA, chainB], adapters: [adapter], ...modal, metadata: { name: 'wagmi e2e', url: location.origin } });
if (ssr) {
  // What <WagmiProvider initialState={cookieToInitialState(config, cookie)}> does on the client.
  const { onMount } = wagmi.hydrate(config, { initialState: cookieToInitialState(config, document.cookie), reconnectOnMount: true });
  window.statuses.push(wagmi.getConnection(config).status);
  onMount();
}
`;

/** The page script, bundled for the browser (ESM) from the built package. */
export async function bundleWagmiPage(): Promise<string> {
  const dist = (p: string) => path.join(ROOT, 'dist', p);
  return bundlePageScript(PAGE_SCRIPT, {
    loader: 'js',
    plugins: [
      {
        name: 'w3kit-dist',
        setup(build) {
          build.onResolve({ filter: /^w3kit$/ }, () => ({ path: dist('index.js') }));
          build.onResolve({ filter: /^w3kit\/wagmi$/ }, () => ({ path: dist('wagmi/index.js') }));
        },
      },
    ],
  });
}

export interface WagmiPageOptions {
  ssr?: boolean;
  /** More createW3Modal options (apiUrl, relayUrl, projectId). */
  modal?: Record<string, unknown>;
  /** The injected test wallets (default: one on both chains). */
  wallets?: WalletSpec[];
}

/** A fresh context on the wagmi page (the script served at /wagmi-app.js: see bundleWagmiPage). */
export async function openWagmiApp(h: Harness, options: WagmiPageOptions = {}): Promise<AppSession> {
  const pagePath = `/wagmi-${Math.random().toString(36).slice(2)}.html`;
  const params = JSON.stringify({ chainA: h.chainA.url, chainB: h.chainB.url, ssr: !!options.ssr, modal: options.modal ?? {} });
  h.pages.set(
    pagePath,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>wagmi</title>
<script>window.__W3_WAGMI__ = ${params};</script><script type="module" src="/wagmi-app.js"></script></head>
<body><main><w3-network-button></w3-network-button><w3-button></w3-button></main></body></html>`,
  );
  const context = await h.browser.newContext();
  const wallets = options.wallets ?? [{ chainId: 31337, rpcUrls: { 31337: h.chainA.url, 31338: h.chainB.url } }];
  await context.addInitScript((list) => {
    (window as unknown as { __W3_TEST_WALLETS__: unknown }).__W3_TEST_WALLETS__ = list;
  }, wallets);
  await context.addInitScript({ path: TEST_WALLET_BUNDLE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(h.baseUrl + pagePath);
  await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  return { context, page, errors };
}

/** What the page puts on window. */
export interface WagmiWindow {
  wagmi: typeof import('@wagmi/core');
  config: import('@wagmi/core').Config;
  statuses: string[];
  modal: import('../../src/instance.js').W3ModalInstance;
  testWallets: { requests: { method: string }[] }[];
}

/** wagmi's connection in the page: status, address, chainId, connector id. */
export const wagmiConnection = (page: Page) =>
  page.evaluate(() => {
    const { wagmi, config } = window as unknown as WagmiWindow;
    const c = wagmi.getConnection(config);
    return { status: c.status, address: c.address, chainId: c.chainId, connector: c.connector?.id };
  });

export const waitWagmiStatus = (page: Page, status: string) =>
  expect.poll(async () => (await wagmiConnection(page)).status, { timeout: 15_000 }).toBe(status);
