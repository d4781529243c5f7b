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

interface AnnounceDetail {
  info?: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown };
  provider?: unknown;
}

const INJECTED_NAMES: [keyof Eip1193Provider | string, string, string][] = [
  ['isMetaMask', 'MetaMask', 'io.metamask'],
  ['isCoinbaseWallet', 'Coinbase Wallet', 'com.coinbase.wallet'],
  ['isRabby', 'Rabby Wallet', 'io.rabby'],
  ['isBraveWallet', 'Brave Wallet', 'com.brave.wallet'],
  ['isOkxWallet', 'OKX Wallet', 'com.okex.wallet'],
];

function str(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

/** Validates an EIP-6963 announcement; returns undefined for a malformed one. */
export function parseAnnouncement(detail: unknown): DiscoveredWallet | undefined {
  const d = (typeof detail === 'object' && detail !== null ? detail : {}) as AnnounceDetail;
  const name = str(d.info?.name, 80);
  const rdns = str(d.info?.rdns, 120);
  if (!name || !rdns || !isEip1193Provider(d.provider)) return undefined;
  const icon = str(d.info?.icon, 200_000);
  return { id: rdns, type: 'ANNOUNCED', name, rdns, ...(icon ? { icon } : {}), provider: d.provider };
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

/**
 * Watches for wallets: EIP-6963 announcements (asking with `eip6963:requestProvider`) and
 * `window.ethereum`. The injected one is dropped when an announced wallet has the same rdns,
 * name or provider object. Calls `onChange` with the full list whenever it changes.
 */
export function watchWallets(onChange: (wallets: DiscoveredWallet[]) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const announced = new Map<string, DiscoveredWallet>();
  let last = '';
  const emit = (): void => {
    const list = [...announced.values()];
    const injected = describeInjected((window as unknown as { ethereum?: unknown }).ethereum);
    const duplicate =
      injected &&
      list.some(
        (w) =>
          w.provider === injected.provider ||
          (injected.rdns && w.rdns === injected.rdns) ||
          w.name.toLowerCase() === injected.name.toLowerCase(),
      );
    if (injected && !duplicate) list.push(injected);
    const key = list.map((w) => `${w.id}|${w.name}|${w.icon?.length ?? 0}`).join(',');
    if (key === last) return;
    last = key;
    onChange(list);
  };
  const onAnnounce = (event: Event): void => {
    const wallet = parseAnnouncement((event as CustomEvent).detail);
    if (!wallet) return;
    const existing = announced.get(wallet.id);
    if (existing && existing.provider === wallet.provider && existing.name === wallet.name) return;
    announced.set(wallet.id, wallet);
    emit();
  };
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  // Legacy wallets set window.ethereum late and fire 'ethereum#initialized'.
  window.addEventListener('ethereum#initialized', emit, { once: true });
  emit();
  return () => {
    window.removeEventListener('eip6963:announceProvider', onAnnounce);
    window.removeEventListener('ethereum#initialized', emit);
  };
}
