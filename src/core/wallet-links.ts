import { isSafeWalletLink } from './links.js';

/**
 * A wallet link that carries a WalletConnect pairing URI: `<link>/wc?uri=<encoded uri>`, for an
 * app scheme (`metamask://`), a universal link (`https://metamask.app.link`) or a web app alike.
 * Undefined for an unsafe or missing link.
 */
export function walletConnectLink(link: string | null | undefined, uri: string): string | undefined {
  if (!isSafeWalletLink(link)) return undefined;
  const base = link.endsWith('/') ? link : `${link}/`;
  return `${base}wc?uri=${encodeURIComponent(uri)}`;
}

/**
 * Wallets whose mobile app opens this page in its own browser when their extension is absent
 * (spec section 9: Phantom, Solflare, Coinbase), by our registry id and by WalletConnect's id.
 */
const BROWSE_LINKS: Record<string, (page: string, origin: string) => string> = {
  phantom: (page, origin) => `https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}`,
  solflare: (page, origin) => `https://solflare.com/ul/v1/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}`,
  coinbase: (page) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`,
};
const WALLET_IDS: Record<string, keyof typeof BROWSE_LINKS> = {
  phantom: 'phantom',
  a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393: 'phantom',
  solflare: 'solflare',
  '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79': 'solflare',
  coinbase: 'coinbase',
  fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa: 'coinbase',
};

/** The in-app-browser link for Phantom, Solflare or Coinbase; undefined for other wallets. */
export function browseLink(walletId: string, pageUrl: string): string | undefined {
  const kind = WALLET_IDS[walletId];
  if (!kind) return undefined;
  let origin: string;
  try {
    origin = new URL(pageUrl).origin;
  } catch {
    return undefined;
  }
  return BROWSE_LINKS[kind]?.(pageUrl, origin);
}

/** A registry wallet's store fields (the Provider API's `/getWallets` entry). */
interface StoreFields {
  chrome_store: string | null;
  app_store: string | null;
  play_store: string | null;
  homepage: string | null;
}

/** Where to get a wallet: its stores and homepage, each only when it is a safe link. */
export function walletStoreLinks(wallet: StoreFields): { label: string; href: string }[] {
  const candidates: [string, string | null][] = [
    ['Chrome Web Store', wallet.chrome_store],
    ['App Store', wallet.app_store],
    ['Google Play', wallet.play_store],
    ['Website', wallet.homepage],
  ];
  return candidates.filter((c): c is [string, string] => isSafeWalletLink(c[1])).map(([label, href]) => ({ label, href }));
}
