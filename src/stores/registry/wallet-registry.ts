/**
 * The wallet registry (lazy chunk): the Provider API requests behind the registry's fetcher
 * stores (featured and recommended wallets, pages, search), image preloading, and choosing a
 * wallet (spec sections 7 and 9). It imports only state-free modules of the registry.
 */
import type { ProviderApi } from '../../api/provider-api.js';
import type { GetWalletsParams, WalletEntry } from '../../wire/provider-api.js';
import type { W3ModalOptions } from '../../core/options.js';
import { WALLETS } from '../../core/constants.js';
import { MissingConfigError } from '../../core/errors.js';
import { isSafeWalletLink } from '../../core/links.js';
import { connectWithConnector } from '../connection/connect.js';
import { getProviderApi } from '../project/project.js';
import { pushView } from '../ui/router.js';
import { storage } from '../app/storage.js';
import { installedConnectorFor, type RegistryWallet, type WalletLists } from './wallet-entry.js';

function api(): ProviderApi {
  const client = getProviderApi();
  if (!client) throw new MissingConfigError('Project ID Not Configured', { messageCode: 'ProjectIdNotConfigured' });
  return client;
}

/** include/exclude and the chain filter (the namespaces of the configured networks) of `options`, plus extra ids to exclude. */
function filters(options: W3ModalOptions, extraExclude: readonly string[] = []): Pick<GetWalletsParams, 'include' | 'exclude' | 'chains'> {
  const exclude = [...(options.excludeWalletIds ?? []), ...extraExclude];
  return {
    ...(options.includeWalletIds?.length ? { include: options.includeWalletIds } : {}),
    ...(exclude.length ? { exclude } : {}),
    chains: [...new Set(options.networks.map((n) => n.chainNamespace))],
  };
}

function withImage(entry: WalletEntry): RegistryWallet {
  return { ...entry, imageUrl: api().walletImageUrl(entry.image_id) };
}

/**
 * Waits until the images have loaded (or failed), at most `capMs` (spec: 2 s), so a page shows
 * with its first images instead of empty boxes. Does nothing where there is no Image (Node).
 */
export function preloadImages(urls: readonly string[], capMs: number = WALLETS.imagePreloadCapMs): Promise<void> {
  if (typeof Image === 'undefined' || urls.length === 0) return Promise.resolve();
  const loads = urls.map(
    (url) =>
      new Promise<void>((resolve) => {
        const img = new Image();
        img.onload = img.onerror = () => resolve();
        img.src = url;
      }),
  );
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, capMs);
    void Promise.all(loads).then(() => (clearTimeout(timer), resolve()));
  });
}

/** Featured (featuredWalletIds, else the registry's first 4) and recommended (4 more) wallets, and how many there are. */
export async function fetchWalletLists(options: W3ModalOptions): Promise<WalletLists> {
  const excluded = new Set(options.excludeWalletIds ?? []);
  const featuredIds = (options.featuredWalletIds ?? []).filter((id) => !excluded.has(id));
  let featured: RegistryWallet[];
  if (featuredIds.length) {
    const reply = await api().getWallets({ page: 1, entries: Math.min(featuredIds.length, WALLETS.searchMax), include: featuredIds });
    const byId = new Map(reply.data.map((w) => [w.id, w]));
    featured = featuredIds
      .map((id) => byId.get(id))
      .filter((w): w is WalletEntry => !!w)
      .map(withImage);
  } else {
    const reply = await api().getWallets({ page: 1, entries: WALLETS.featuredDefault, ...filters(options) });
    featured = reply.data.map(withImage);
  }
  const featuredSet = featured.map((w) => w.id);
  const recommendedReply = await api().getWallets({ page: 1, entries: WALLETS.recommendedFetch, ...filters(options, featuredSet) });
  const recommended = recommendedReply.data.map(withImage);
  await preloadImages([...featured, ...recommended].map((w) => w.imageUrl));
  // The recommended query excluded the featured wallets: together they are the whole list.
  return { featured, recommended, count: recommendedReply.count + featured.length };
}

/**
 * One page of 40 of the registry (All Wallets), its first images loaded (or 2 s passed). The
 * first page, what All Wallets opens on, is not held for its images (`waitForImages: false`):
 * its first row paints as soon as the list is there, the images loading meanwhile.
 */
export async function fetchRegistryPage(
  options: W3ModalOptions,
  page: number,
  { waitForImages = true } = {},
): Promise<{ wallets: RegistryWallet[]; count: number }> {
  const reply = await api().getWallets({ page, entries: WALLETS.pageSize, ...filters(options) });
  const wallets = reply.data.map(withImage);
  const images = preloadImages(wallets.slice(0, WALLETS.imagesPerPage).map((w) => w.imageUrl));
  if (waitForImages) await images;
  return { wallets, count: reply.count };
}

/** Up to 100 registry wallets matching `term`, their first images loaded (or 2 s passed). */
export async function searchRegistry(options: W3ModalOptions, term: string): Promise<RegistryWallet[]> {
  const reply = await api().getWallets({ page: 1, entries: WALLETS.searchMax, search: term, ...filters(options) });
  const results = reply.data.map(withImage);
  await preloadImages(results.slice(0, WALLETS.imagesPerPage).map((w) => w.imageUrl));
  return results;
}

/**
 * Chooses a registry wallet: an installed one connects through its connector
 * (ConnectingExternal); any other goes to ConnectingWalletConnect with its deep links.
 */
export function selectRegistryWallet(wallet: RegistryWallet): void {
  const connector = installedConnectorFor(wallet);
  if (connector) {
    connectWithConnector(connector.id);
    return;
  }
  pushView('ConnectingWalletConnect', { walletId: wallet.id, title: wallet.name, wallet });
}

/** Remembers the deep link the user chose to open a wallet (spec: the deep-link choice is stored); a refused link is never stored. */
export function rememberDeepLink(wallet: Pick<RegistryWallet, 'name'>, href: string): void {
  if (!isSafeWalletLink(href)) return;
  storage.set('deepLinkChoice', { href, name: wallet.name });
}
