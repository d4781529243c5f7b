/** The wallet registry store against the real backend (SQLite, seeded with 1,000 wallets). */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../../server/src/index.js';
import { networks } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { solanaMainnet } from '../../test-utils/networks.js';
import type { Connector } from '../connection/connectors.js';
import { errorText } from '../../core/errors.js';
import type { StoreMessage } from '../ui/messages.js';

/** The English text of a store's error message (the elements show it localized). */
const shown = (message: StoreMessage | undefined) => (message && 'error' in message ? errorText(message.error) : undefined);

type Backend = Awaited<ReturnType<typeof startServer>>;
let backend: Backend;
let registry: typeof import('./wallet-registry.js');
let list: typeof import('./wallet-list.js');
let all: typeof import('./all-wallets.js');
let options: typeof import('../app/options.js');
let connectors: typeof import('../connection/connectors.js');
let connectHandlers: typeof import('../connection/connect-handlers.js');
let router: typeof import('../ui/router.js');
let storage: typeof import('../app/storage.js');

beforeAll(async () => {
  backend = await startServer({ port: 0, seed: { wallets: 1000 } });
});
afterAll(async () => {
  await backend?.close();
});

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.resetModules();
  registry = await import('./wallet-registry.js');
  list = await import('./wallet-list.js');
  all = await import('./all-wallets.js');
  options = await import('../app/options.js');
  connectors = await import('../connection/connectors.js');
  connectHandlers = await import('../connection/connect-handlers.js');
  router = await import('../ui/router.js');
  storage = await import('../app/storage.js');
  options.setOptions({ networks: [networks.localhost], apiUrl: backend.url, projectId: 'w3kit-dev' });
});
let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.unstubAllGlobals();
});

/** Listens to `store` as a view does (a fetcher store loads while listened) until the test ends. */
const listen = (store: { listen: (cb: () => void) => () => void }): void => void stops.push(store.listen(() => undefined));

/** The wallet list once loaded (or failed) for the options now set, listened as the Connect view does. */
async function loadedList(): Promise<import('./wallet-list.js').WalletListState> {
  listen(list.$walletList);
  await vi.waitFor(() => expect(['ready', 'error']).toContain(list.$walletList.get().status));
  return list.$walletList.get();
}

/** Counts the backend's /getWallets answers by watching the global fetch (the real one answers). */
function countRequests(): { urls: URL[] } {
  const urls: URL[] = [];
  const original = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(new URL(String(input)));
    return original(input, init);
  });
  return { urls };
}

describe('wallet list (Connect)', () => {
  it('is off without apiUrl or projectId, and fetches nothing', async () => {
    options.setOptions({ networks: [networks.localhost] });
    const { urls } = countRequests();
    listen(list.$walletList);
    await new Promise((r) => setTimeout(r, 50));
    expect(list.$walletList.get().status).toBe('off');
    expect(urls).toEqual([]);
  });

  it('fetches the first 4 wallets as featured and 4 recommended ones, with image URLs and the count', async () => {
    const state = await loadedList();
    expect(state.status).toBe('ready');
    expect(state.featured.map((w) => w.id)).toHaveLength(4);
    expect(state.recommended).toHaveLength(4);
    expect(new Set([...state.featured, ...state.recommended].map((w) => w.id)).size).toBe(8);
    expect(state.featured[0]!.id).toBe('metamask');
    expect(state.featured[0]!.imageUrl).toBe(`${backend.url}/getWalletImage/metamask?projectId=w3kit-dev&st=w3kit&sv=w3kit-0.1.0`);
    expect((await fetch(state.featured[0]!.imageUrl)).headers.get('content-type')).toMatch(/^image\//);
    expect(state.count).toBeGreaterThan(800);
    // only wallets of the configured namespace (eip155)
    expect([...state.featured, ...state.recommended].every((w) => w.chains.some((c) => c.startsWith('eip155:')))).toBe(true);
  });

  it('drops an answer that arrives after the options changed, and fetches again for the new ones', async () => {
    listen(list.$walletList);
    expect(list.$walletList.get().status).toBe('loading');
    const pending = list.fetchWalletList();
    // The app reconfigures without a backend while the registry answers.
    options.setOptions({ networks: [networks.localhost] });
    await pending;
    expect(list.$walletList.get()).toEqual({ status: 'off', featured: [], recommended: [], count: 0 });
    // Back with a backend: the list loads for these options (the view still listens).
    options.setOptions({ networks: [networks.localhost], apiUrl: backend.url, projectId: 'w3kit-dev', featuredWalletIds: ['rainbow'] });
    expect(list.$walletList.get().status).toBe('loading');
    await vi.waitFor(() => expect(list.$walletList.get().status).toBe('ready'));
    expect(list.$walletList.get().featured.map((w) => w.id)).toEqual(['rainbow']);
  });

  it('honours featuredWalletIds (in their order), includeWalletIds and excludeWalletIds', async () => {
    options.setOptions({
      networks: [networks.localhost],
      apiUrl: backend.url,
      projectId: 'w3kit-dev',
      featuredWalletIds: ['safe', 'ledger', 'metamask'],
      excludeWalletIds: ['ledger', 'okx'],
    });
    const { featured, recommended } = await loadedList();
    expect(featured.map((w) => w.id)).toEqual(['safe', 'metamask']);
    expect(recommended.map((w) => w.id)).not.toContain('okx');
    expect(recommended.map((w) => w.id)).not.toContain('metamask');
    options.setOptions({
      networks: [networks.localhost],
      apiUrl: backend.url,
      projectId: 'w3kit-dev',
      includeWalletIds: ['rabby', 'zerion'],
    });
    const only = await loadedList();
    expect([...only.featured, ...only.recommended].map((w) => w.id).sort()).toEqual(['rabby', 'zerion']);
    expect(only.count).toBe(2);
  });

  it('filters by the configured namespaces: a Solana-only app lists Solana wallets', async () => {
    options.setOptions({ networks: [solanaMainnet], apiUrl: backend.url, projectId: 'w3kit-dev' });
    const { featured, recommended } = await loadedList();
    expect([...featured, ...recommended].every((w) => w.chains.some((c) => c.startsWith('solana:')))).toBe(true);
    expect(featured.length + recommended.length).toBeGreaterThan(0);
  });

  it('a backend that is gone gives an error state naming the problem', async () => {
    const gone = await startServer({ port: 0 });
    const url = gone.url;
    await gone.close();
    options.setOptions({ networks: [networks.localhost], apiUrl: url, projectId: 'w3kit-dev' });
    const state = await loadedList();
    expect(state.status).toBe('error');
    expect(shown(state.error)).toMatch(/127\.0\.0\.1/);
  });

  it('an unknown project is an error, not a crash', async () => {
    options.setOptions({ networks: [networks.localhost], apiUrl: backend.url, projectId: 'no-such-project' });
    expect((await loadedList()).status).toBe('error');
    expect(shown(list.$walletList.get().error)).toBe('HTTP status code: 403');
  });
});

describe('All Wallets pages', () => {
  it('loads the first page while listened and each next page once, also when asked twice at the same time', async () => {
    const { urls } = countRequests();
    listen(all.$allWallets);
    expect(all.$allWallets.get()).toMatchObject({ loading: true, pages: [] });
    await vi.waitFor(() => expect(all.$allWallets.get().pages).toEqual([1]));
    await Promise.all([all.fetchNextPage(), all.fetchNextPage()]);
    // Listening again (the view reopened) serves the pages loaded.
    listen(all.$allWallets);
    const pages = urls.filter((u) => u.pathname === '/getWallets').map((u) => [u.searchParams.get('page'), u.searchParams.get('entries')]);
    expect(pages.sort()).toEqual([
      ['1', '40'],
      ['2', '40'],
    ]);
    expect(all.$allWallets.get().wallets).toHaveLength(80);
    expect(all.$allWallets.get().pages).toEqual([1, 2]);
  });

  it('fetchNextPage loads the registry to its end and then stops', async () => {
    await all.fetchNextPage();
    expect(all.$allWallets.get().pages).toEqual([1]);
    const count = all.$allWallets.get().count;
    const { urls } = countRequests();
    for (let i = 0; i < 40; i++) await all.fetchNextPage();
    const state = all.$allWallets.get();
    expect(state.wallets).toHaveLength(count);
    expect(new Set(state.wallets.map((w) => w.id)).size).toBe(count);
    expect(state.pages).toEqual(Array.from({ length: Math.ceil(count / 40) }, (_, i) => i + 1));
    expect(urls.filter((u) => u.pathname === '/getWallets')).toHaveLength(Math.ceil(count / 40) - 1);
  });
});

describe('search', () => {
  beforeEach(() => listen(all.$walletSearch));

  it('answers no sooner than 300 ms after the last keystroke, only for the last term, up to 100', async () => {
    const { urls } = countRequests();
    const started = Date.now();
    all.searchWallets('m');
    all.searchWallets('me');
    all.searchWallets('meta');
    expect(all.$walletSearch.get()).toMatchObject({ term: 'meta', status: 'waiting' });
    await vi.waitFor(() => expect(all.$walletSearch.get().status).toBe('ready'), { timeout: 5000, interval: 10 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    const searches = urls.filter((u) => u.searchParams.has('search'));
    expect(searches.map((u) => [u.searchParams.get('search'), u.searchParams.get('entries')])).toEqual([['meta', '100']]);
    const results = all.$walletSearch.get().results;
    expect(results.map((w) => w.id)).toContain('metamask');
    expect(results.every((w) => /meta/i.test(w.name) || /meta/i.test(w.id))).toBe(true);
  });

  it('keeps the previous results while waiting (no flicker), finds nothing for nonsense, and ends on an empty term', async () => {
    all.searchWallets('safe');
    await vi.waitFor(() => expect(all.$walletSearch.get().status).toBe('ready'), { timeout: 5000 });
    const before = all.$walletSearch.get().results;
    expect(before.length).toBeGreaterThan(0);
    all.searchWallets('zzzz-no-such-wallet');
    expect(all.$walletSearch.get().results).toEqual(before);
    await vi.waitFor(() => expect(all.$walletSearch.get()).toMatchObject({ status: 'ready', results: [] }), { timeout: 5000 });
    all.searchWallets('  ');
    expect(all.$walletSearch.get()).toEqual({ term: '', status: 'idle', results: [] });
  });

  it('a search the backend refuses shows the error', async () => {
    all.searchWallets('x'.repeat(101));
    await vi.waitFor(() => expect(all.$walletSearch.get().status).toBe('error'), { timeout: 5000 });
    expect(shown(all.$walletSearch.get().error)).toBe('HTTP status code: 400');
  });
});

describe('choosing a wallet', () => {
  const installed: Connector = { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' };

  it('connects an installed wallet through its connector', async () => {
    await loadedList();
    connectors.$connectors.set([installed]);
    const chosen: string[] = [];
    connectHandlers.registerConnectorHandler('ANNOUNCED', (c) => void chosen.push(c.id));
    registry.selectRegistryWallet(list.$walletList.get().featured.find((w) => w.id === 'metamask')!);
    expect(chosen).toEqual(['io.metamask']);
  });

  it('sends any other wallet to ConnectingWalletConnect with the entry, and stores a deep-link choice', async () => {
    await loadedList();
    const wallet = list.$walletList.get().featured.find((w) => w.id !== 'metamask')!;
    registry.selectRegistryWallet(wallet);
    expect(router.$router.get()).toMatchObject({ view: 'ConnectingWalletConnect', data: { walletId: wallet.id, wallet } });
    registry.rememberDeepLink(wallet, 'https://example.app.link/wc');
    expect(storage.storage.get('deepLinkChoice')).toEqual({ href: 'https://example.app.link/wc', name: wallet.name });
    for (const refused of ['intent://x#Intent;end', 'ms-msdt://x', 'javascript:alert(1)']) registry.rememberDeepLink(wallet, refused);
    expect(storage.storage.get('deepLinkChoice')).toEqual({ href: 'https://example.app.link/wc', name: wallet.name });
  });
});
