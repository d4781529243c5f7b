/**
 * The built-in network (asset), currency and token images: the network's or token's real mark
 * (./marks.ts) where an icon package has one, else a generated badge (currencies always), stored by
 * `seedStaticImages` (../storage/images.ts) unless an image with the same id exists (so an operator's own logos stay).
 * Network images are keyed by CAIP-2 id (`eip155:1`), currencies by ISO code, tokens by symbol.
 * Social providers' marks are served from memory (`socialImage`): they come from the packages only.
 */
import { networks } from '../../../src/wire/networks.js';
import { initials, badgeSvg } from './svg.js';
import { etagOf, svgImage, type ImageKind, type StoredImage } from './image-data.js';
import { networkMark, socialMark, tokenMark } from './marks.js';

/** web3icons' network file by CAIP-2 id (testnets wear their mainnet's mark). */
export const NETWORK_MARKS: Readonly<Record<string, string>> = {
  'eip155:1': 'ethereum',
  'eip155:11155111': 'ethereum',
  'eip155:17000': 'ethereum',
  'eip155:137': 'polygon',
  'eip155:80002': 'polygon',
  'eip155:42161': 'arbitrum-one',
  'eip155:421614': 'arbitrum-one',
  'eip155:10': 'optimism',
  'eip155:11155420': 'optimism',
  'eip155:8453': 'base',
  'eip155:84532': 'base',
  'eip155:56': 'binance-smart-chain',
  'eip155:43114': 'avalanche',
  'eip155:100': 'gnosis',
  'eip155:324': 'zksync',
  'eip155:59144': 'linea',
  'eip155:534352': 'scroll',
  'eip155:42220': 'celo',
  'eip155:5000': 'mantle',
  'eip155:81457': 'blast',
  'eip155:7777777': 'zora',
  'eip155:1313161554': 'aurora',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana',
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin',
  'bip122:000000000933ea01ad0ee984209779ba': 'bitcoin',
  'bip122:00000008819873e925422c1ff0f99f7c': 'bitcoin',
  'cosmos:cosmoshub-4': 'cosmos-hub',
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': 'polkadot',
};

/** Short labels of networks, by CAIP-2 id. Presets not listed get the initials of their name. */
export const NETWORK_LABELS: Readonly<Record<string, string>> = {
  'eip155:1': 'ETH',
  'eip155:11155111': 'SEP',
  'eip155:17000': 'HOL',
  'eip155:137': 'POL',
  'eip155:80002': 'AMOY',
  'eip155:42161': 'ARB',
  'eip155:421614': 'ARBS',
  'eip155:10': 'OP',
  'eip155:11155420': 'OPS',
  'eip155:8453': 'BASE',
  'eip155:84532': 'BSEP',
  'eip155:56': 'BNB',
  'eip155:43114': 'AVAX',
  'eip155:100': 'GNO',
  'eip155:324': 'ZKS',
  'eip155:59144': 'LIN',
  'eip155:534352': 'SCR',
  'eip155:42220': 'CELO',
  'eip155:5000': 'MNT',
  'eip155:81457': 'BLST',
  'eip155:7777777': 'ZORA',
  'eip155:1313161554': 'AUR',
  'eip155:31337': 'LOC',
  'eip155:31338': 'LOC2',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'SOL',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'SOLD',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'SOLT',
  'bip122:000000000019d6689c085ae165831e93': 'BTC',
  'bip122:000000000933ea01ad0ee984209779ba': 'tBTC',
  'cosmos:cosmoshub-4': 'ATOM',
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': 'DOT',
};

export const CURRENCY_LABELS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: 'CN¥',
  CAD: 'C$',
  AUD: 'A$',
  NZD: 'NZ$',
  CHF: 'Fr',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  PLN: 'zł',
  CZK: 'Kč',
  HUF: 'Ft',
  INR: '₹',
  KRW: '₩',
  BRL: 'R$',
  MXN: 'MX$',
  ARS: 'AR$',
  SGD: 'S$',
  HKD: 'HK$',
  ZAR: 'R',
  TRY: '₺',
  AED: 'AED',
  ILS: '₪',
  IDR: 'Rp',
  PHP: '₱',
  THB: '฿',
  VND: '₫',
  NGN: '₦',
};

export const TOKEN_SYMBOLS: readonly string[] = [
  'ETH',
  'WETH',
  'stETH',
  'USDC',
  'USDT',
  'DAI',
  'USDe',
  'PYUSD',
  'EURC',
  'WBTC',
  'cbBTC',
  'BTC',
  'SOL',
  'MATIC',
  'POL',
  'BNB',
  'AVAX',
  'ARB',
  'OP',
  'LINK',
  'UNI',
  'AAVE',
  'MKR',
  'LDO',
  'CRV',
  'SHIB',
  'PEPE',
  'DOGE',
  'LTC',
  'XRP',
  'ADA',
  'DOT',
  'ATOM',
  'TRX',
  'TON',
  'NEAR',
  'APT',
  'SUI',
  'GNO',
  'XDAI',
  'CELO',
  'MNT',
  'JUP',
  'BONK',
  'JTO',
  'RAY',
];

/** A network's real mark by CAIP-2 id (undefined without one). */
export function networkMarkOf(caipNetworkId: string): string | undefined {
  return Object.hasOwn(NETWORK_MARKS, caipNetworkId) ? networkMark(NETWORK_MARKS[caipNetworkId]!) : undefined;
}

export interface CatalogImage {
  kind: ImageKind;
  id: string;
  svg: string;
  /**
   * The ETag of the monogram this id was seeded with before it had a real mark: a stored image
   * with that ETag is the old generated one and gets the mark; any other stored image (an
   * operator's own) stays.
   */
  replacesEtag?: string;
}

const withMark = (kind: ImageKind, id: string, mark: string | undefined, badge: string): CatalogImage =>
  mark === undefined ? { kind, id, svg: badge } : { kind, id, svg: mark, replacesEtag: etagOf(Buffer.from(badge, 'utf8')) };

/** Every built-in image (networks of the presets plus the table above, currencies, tokens). */
export function catalogImages(): CatalogImage[] {
  const networkLabels = new Map<string, string>(Object.entries(NETWORK_LABELS));
  for (const network of Object.values(networks)) {
    if (!networkLabels.has(network.caipNetworkId)) networkLabels.set(network.caipNetworkId, initials(network.name));
  }
  return [
    ...[...networkLabels].map(([id, label]) => withMark('asset', id, networkMarkOf(id), badgeSvg({ seed: id, label }))),
    ...Object.entries(CURRENCY_LABELS).map(([id, label]) => ({
      kind: 'currency' as const,
      id,
      svg: badgeSvg({ seed: id, label, shape: 'circle' }),
    })),
    ...TOKEN_SYMBOLS.map((id) => withMark('token', id, tokenMark(id), badgeSvg({ seed: id, label: id, shape: 'circle' }))),
  ];
}

const socialImages = new Map<string, StoredImage | undefined>();

/** A social provider's mark (google, github, apple, facebook, x, discord, farcaster), built once; undefined for another id. */
export function socialImage(id: string): StoredImage | undefined {
  const key = id.toLowerCase();
  if (!socialImages.has(key)) {
    const svg = socialMark(key);
    const image = svg === undefined ? undefined : svgImage(svg);
    // Only the known providers are remembered, so the map stays bounded whatever ids are asked.
    if (image) socialImages.set(key, { ...image, etag: etagOf(image.body) });
    else return undefined;
  }
  return socialImages.get(key);
}
