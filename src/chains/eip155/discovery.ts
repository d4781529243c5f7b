import { isEip1193Provider, type Eip1193Provider } from './provider.js';

/** A wallet found in the page: announced through EIP-6963, or the legacy `window.ethereum`. */
export interface DiscoveredWallet {
  id: string;
  type: 'ANNOUNCED' | 'INJECTED';
  name: string;
  rdns?: string;
  icon?: string;
  provider: Eip1193Provider;
}

/**
 * At most this many announced wallets are kept (the first ones announced, later changes to them
 * included); a page flooded with announcements cannot grow the list, the Connect view or the
 * work done per announcement past it.
 */
export const MAX_ANNOUNCED_WALLETS = 50;

const INJECTED_NAMES: [keyof Eip1193Provider | string, string, string][] = [
  ['isMetaMask', 'MetaMask', 'io.metamask'],
  ['isCoinbaseWallet', 'Coinbase Wallet', 'com.coinbase.wallet'],
  ['isRabby', 'Rabby Wallet', 'io.rabby'],
  ['isBraveWallet', 'Brave Wallet', 'com.brave.wallet'],
  ['isOkxWallet', 'OKX Wallet', 'com.okex.wallet'],
];

/** EIP-6963: a UUID, a reverse-DNS id and an icon as a data URI of an image. */
const UUID = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const ICON = /^data:image\//i;

function str(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

/** An announcement with its uuid: the key that tells a re-announcement from a new wallet. */
interface Announced {
  uuid: string;
  wallet: DiscoveredWallet;
}

/**
 * Reads an EIP-6963 announcement: uuid, name, rdns (reverse DNS) and an EIP-1193
 * provider are required; an icon that is not a data URI of an image is dropped (the wallet gets
 * the placeholder). Reads each field once, so getters run once; a getter that throws is the
 * caller's to catch (watchWallets does).
 */
function readAnnouncement(detail: unknown): Announced | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined;
  const { info, provider } = detail as { info?: unknown; provider?: unknown };
  if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return undefined;
  const { uuid, name: rawName, icon: rawIcon, rdns: rawRdns } = info as Record<string, unknown>;
  const name = str(rawName, 80);
  const rdns = str(rawRdns, 120);
  if (typeof uuid !== 'string' || !UUID.test(uuid) || !name || !rdns || !RDNS.test(rdns)) return undefined;
  const icon = str(rawIcon, 200_000);
  const wallet: DiscoveredWallet = { id: rdns, type: 'ANNOUNCED', name, rdns, ...(icon && ICON.test(icon) ? { icon } : {}), provider };
  return { uuid, wallet };
}

/** Validates an EIP-6963 announcement; undefined for a malformed one or one whose getters throw. */
export function parseAnnouncement(detail: unknown): DiscoveredWallet | undefined {
  try {
    return readAnnouncement(detail)?.wallet;
  } catch {
    return undefined;
  }
}

/** Describes `window.ethereum` (the legacy injected provider), naming it from its flags. */
export function describeInjected(provider: unknown): DiscoveredWallet | undefined {
  if (!isEip1193Provider(provider)) return undefined;
  const flags = provider as unknown as Record<string, unknown>;
  const known = INJECTED_NAMES.find(([flag]) => flags[flag] === true);
  return {
    id: 'injected',
    type: 'INJECTED',
    name: known?.[1] ?? 'Browser Wallet',
    ...(known ? { rdns: known[2] } : {}),
    provider,
  };
}

/** The announced list plus `window.ethereum` unless an announced wallet is the same (rdns, name or provider). */
function withInjected(announced: Map<string, Announced>): DiscoveredWallet[] {
  const list = [...announced.values()].map((a) => a.wallet);
  try {
    const injected = describeInjected((window as unknown as { ethereum?: unknown }).ethereum);
    const name = injected?.name.toLowerCase();
    if (
      injected &&
      !(injected.rdns && announced.has(injected.rdns)) &&
      !list.some((w) => w.provider === injected.provider || w.name.toLowerCase() === name)
    )
      list.push(injected);
  } catch {
    // a page whose window.ethereum getter throws has no injected wallet
  }
  return list;
}

/**
 * Watches for wallets: EIP-6963 announcements (asking with `eip6963:requestProvider`) and
 * `window.ethereum`. The injected one is dropped when an announced wallet has the same rdns,
 * name or provider object. Calls `onChange` with the full list whenever it changes: once when
 * watching starts, then at most once per microtask however many announcements arrive (so 500
 * announcements cost one store update). A malformed announcement, or one whose getters throw,
 * is ignored (told to `onIgnored`, for a debug log) and never raises a page error. Wallets are
 * deduplicated by rdns and uuid in constant time and capped at MAX_ANNOUNCED_WALLETS.
 */
export function watchWallets(
  onChange: (wallets: DiscoveredWallet[]) => void,
  onIgnored: (reason: string, error?: unknown) => void = () => undefined,
): () => void {
  if (typeof window === 'undefined') return () => undefined;
  /** rdns -> wallet and its uuid, in announcement order. */
  const announced = new Map<string, Announced>();
  /** uuid -> rdns: one wallet per uuid. */
  const uuids = new Map<string, string>();
  let dirty = false;
  let scheduled = false;
  let stopped = false;
  let lastInjected: DiscoveredWallet['provider'] | undefined;

  const flush = (): void => {
    scheduled = false;
    if (stopped) return;
    const list = withInjected(announced);
    const injected = list.find((w) => w.type === 'INJECTED')?.provider;
    if (!dirty && injected === lastInjected) return;
    dirty = false;
    lastInjected = injected;
    onChange(list);
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  };
  const onAnnounce = (event: Event): void => {
    let parsed: Announced | undefined;
    try {
      parsed = readAnnouncement((event as CustomEvent).detail);
    } catch (err) {
      onIgnored('eip6963: bad announcement', err);
      return;
    }
    if (!parsed) {
      onIgnored('eip6963: bad announcement');
      return;
    }
    const { uuid, wallet } = parsed;
    const owner = uuids.get(uuid);
    if (owner !== undefined && owner !== wallet.id) return;
    const existing = announced.get(wallet.id);
    if (!existing && announced.size >= MAX_ANNOUNCED_WALLETS) return;
    if (existing) {
      const old = existing.wallet;
      if (existing.uuid === uuid && old.provider === wallet.provider && old.name === wallet.name && old.icon === wallet.icon) return;
      uuids.delete(existing.uuid);
    }
    uuids.set(uuid, wallet.id);
    announced.set(wallet.id, parsed);
    dirty = true;
    schedule();
  };
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  // Legacy wallets set window.ethereum late and fire 'ethereum#initialized'.
  window.addEventListener('ethereum#initialized', schedule, { once: true });
  // Wallets that answer the request synchronously are in the first list.
  flush();
  return () => {
    stopped = true;
    window.removeEventListener('eip6963:announceProvider', onAnnounce);
    window.removeEventListener('ethereum#initialized', schedule);
  };
}
