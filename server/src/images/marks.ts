/**
 * Real brand marks from icon packages (licences in THIRD_PARTY.md): networks, tokens and wallets
 * from @web3icons/core (MIT; each SVG is an ES module whose default export is the markup),
 * tokens it lacks from cryptocurrency-icons (CC0), social providers from @iconify-json/logos
 * (CC0; Google's multicolour mark as its branding rules ask) and simple-icons (CC0). Each mark
 * passes the sanitiser (./sanitize.ts); an id without a mark gets undefined, and the catalog a
 * monogram. Brand marks remain their owners' and are used only to name them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sanitizeSvg } from './sanitize.js';

const require = createRequire(import.meta.url);

/** web3icons' wallet file by registry id (server/data/wallets.json), where the names differ or a wallet shares a mark. */
export const WALLET_MARKS: Readonly<Record<string, string>> = {
  'argent-x': 'argent',
  'coinbase-smart-wallet': 'coinbase',
  'coinbase-retail': 'coinbase',
  tokenpocket: 'token-pocket',
  alphawallet: 'alpha-wallet',
  mew: 'my-ether-wallet',
  bluewallet: 'blue',
  walletconnect: 'wallet-connect',
};

/** Tokens web3icons lacks: cryptocurrency-icons' colour SVG by symbol, or a network's mark. */
const TOKEN_FALLBACKS: Readonly<Record<string, { network: string } | { cc: string }>> = {
  TON: { network: 'ton' },
};

export const SOCIAL_IDS = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'] as const;
export type SocialId = (typeof SOCIAL_IDS)[number];

/**
 * Where each social provider's mark comes from: an @iconify-json/logos icon (multicolour), or a
 * simple-icons one (single colour: `mono` ones are black or nearly so and are drawn in the text
 * colour by the client, so they stay visible on a dark theme).
 */
const SOCIAL_SOURCES: Readonly<Record<SocialId, { logos: string } | { simple: string; mono: boolean }>> = {
  google: { logos: 'google-icon' },
  facebook: { logos: 'facebook' },
  discord: { logos: 'discord-icon' },
  github: { simple: 'github', mono: true },
  apple: { simple: 'apple', mono: true },
  x: { simple: 'x', mono: true },
  farcaster: { simple: 'farcaster', mono: false },
};

/** Undoes the escapes of a single-quoted JavaScript string literal. */
function unescapeLiteral(body: string): string {
  const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };
  return body.replace(/\\(u\{[\da-fA-F]+\}|u[\da-fA-F]{4}|x[\da-fA-F]{2}|\r?\n|.)/g, (_, c: string) => {
    if (c.startsWith('u{')) return String.fromCodePoint(parseInt(c.slice(2, -1), 16));
    if (c.length > 1 && (c[0] === 'u' || c[0] === 'x')) return String.fromCharCode(parseInt(c.slice(1), 16));
    if (c === '\n' || c === '\r\n') return '';
    return simple[c] ?? c;
  });
}

type Web3IconKind = 'networks' | 'tokens' | 'wallets';
const web3iconLists = new Map<Web3IconKind, Set<string>>();

/** The names of web3icons' branded marks of a kind (read once from the package's folder). */
function web3iconNames(kind: Web3IconKind): Set<string> {
  let names = web3iconLists.get(kind);
  if (!names) {
    names = new Set();
    try {
      const dir = path.join(
        path.dirname(require.resolve('@web3icons/core/svgs/networks/branded/ethereum.svg.js')),
        '../..',
        kind,
        'branded',
      );
      for (const file of readdirSync(dir)) if (file.endsWith('.svg.js')) names.add(file.slice(0, -'.svg.js'.length));
    } catch {
      // The package is missing: no marks, every id gets its monogram.
    }
    web3iconLists.set(kind, names);
  }
  return names;
}

/** A web3icons SVG module's markup (read as text: `var name = '<svg…>'; export { name as default }`). */
function web3icon(kind: Web3IconKind, name: string): string | undefined {
  if (!web3iconNames(kind).has(name)) return undefined;
  const text = packageFile(`@web3icons/core/svgs/${kind}/branded/${name}.svg.js`);
  if (text === undefined) return undefined;
  const literal = /=\s*'((?:[^'\\]|\\[\s\S])*)'/.exec(text) ?? /=\s*"((?:[^"\\]|\\[\s\S])*)"/.exec(text);
  return literal ? unescapeLiteral(literal[1]!) : undefined;
}

function packageFile(specifier: string): string | undefined {
  try {
    return readFileSync(require.resolve(specifier), 'utf8');
  } catch {
    return undefined;
  }
}

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
}
let logos: { icons: Record<string, IconifyIcon>; width?: number; height?: number } | undefined;

function logosIcon(name: string): string | undefined {
  logos ??= JSON.parse(packageFile('@iconify-json/logos/icons.json') ?? '{"icons":{}}') as typeof logos;
  const icon = Object.hasOwn(logos!.icons, name) ? logos!.icons[name] : undefined;
  if (!icon) return undefined;
  const width = icon.width ?? logos!.width ?? 16;
  const height = icon.height ?? logos!.height ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${icon.body}</svg>`;
}

interface SimpleIcon {
  svg: string;
  hex: string;
}

/** A simple-icons mark (its module exports each icon as `si` + the capitalised slug), filled with its brand colour or currentColor. */
function simpleIcon(slug: string, currentColor: boolean): string | undefined {
  let icons: Record<string, SimpleIcon | undefined>;
  try {
    icons = require('simple-icons') as Record<string, SimpleIcon | undefined>;
  } catch {
    return undefined;
  }
  const key = `si${slug[0]!.toUpperCase()}${slug.slice(1)}`;
  const icon = Object.hasOwn(icons, key) ? icons[key] : undefined;
  if (!icon) return undefined;
  const fill = currentColor ? 'currentColor' : /^[\da-fA-F]{6}$/.test(icon.hex) ? `#${icon.hex}` : '#000000';
  return icon.svg.replace(/^<svg\b/, `<svg width="24" height="24" fill="${fill}"`).replace(/<title>[^<]*<\/title>/, '');
}

const clean = (svg: string | undefined): string | undefined => (svg === undefined ? undefined : sanitizeSvg(svg));

/** The mark of a network by web3icons' name (`ethereum`, `arbitrum-one`; catalog.ts maps CAIP-2 ids to them), sanitised; undefined without one. */
export function networkMark(name: string): string | undefined {
  return clean(web3icon('networks', name));
}

/** The mark of a token by symbol (any case), sanitised; undefined without one. */
export function tokenMark(symbol: string): string | undefined {
  const upper = symbol.toUpperCase();
  const own = web3icon('tokens', upper);
  if (own) return clean(own);
  const fallback = Object.hasOwn(TOKEN_FALLBACKS, upper) ? TOKEN_FALLBACKS[upper] : undefined;
  if (fallback && 'network' in fallback) return clean(web3icon('networks', fallback.network));
  const cc = fallback && 'cc' in fallback ? fallback.cc : symbol.toLowerCase();
  return /^[a-z0-9]{1,20}$/.test(cc) ? clean(packageFile(`cryptocurrency-icons/svg/color/${cc}.svg`)) : undefined;
}

/** The mark of a registry wallet by id, sanitised; undefined without one. */
export function walletMark(id: string): string | undefined {
  const name = Object.hasOwn(WALLET_MARKS, id) ? WALLET_MARKS[id]! : id;
  return clean(web3icon('wallets', name));
}

/** The mark of a social provider; `forInline` draws single-colour dark marks in currentColor. */
export function socialMark(id: string, { forInline = false } = {}): string | undefined {
  const source = (SOCIAL_IDS as readonly string[]).includes(id) ? SOCIAL_SOURCES[id as SocialId] : undefined;
  if (!source) return undefined;
  if ('logos' in source) return clean(logosIcon(source.logos));
  return clean(simpleIcon(source.simple, source.mono && forInline));
}
