/**
 * The seeded registry: the hand-written real wallets of server/data/wallets.json, then
 * deterministic generated wallets (`aurora-vault`, "Aurora Vault", ...) up to a count, so
 * paging, search and the 1,000-wallet list can be exercised offline. Same output every run.
 */
import type { WalletEntry } from '../../../src/wire/provider-api.js';
import type { Storage } from '../storage/engine.js';
import { walletsRepository } from '../storage/wallets.js';
import seedFile from '../../data/wallets.json' with { type: 'json' };
import { validateWalletList, type ValidWallet } from './import.js';

export const DEFAULT_SEED_WALLETS = 1000;
/** Generated wallets are ordered after the real ones. */
const GENERATED_ORDER_BASE = 1000;

const ADJECTIVES = [
  'aurora',
  'amber',
  'arctic',
  'atlas',
  'azure',
  'bright',
  'cedar',
  'cobalt',
  'comet',
  'coral',
  'crimson',
  'crystal',
  'delta',
  'ember',
  'falcon',
  'fern',
  'golden',
  'granite',
  'harbor',
  'indigo',
  'iron',
  'jade',
  'lunar',
  'maple',
  'meadow',
  'nimbus',
  'nova',
  'onyx',
  'orbit',
  'pacific',
  'polar',
  'prism',
  'quartz',
  'river',
  'sable',
  'silver',
  'solar',
  'summit',
  'tidal',
  'velvet',
];
const NOUNS = [
  'vault',
  'wallet',
  'keep',
  'pouch',
  'purse',
  'safe',
  'ledger',
  'key',
  'chest',
  'locker',
  'harbor',
  'anchor',
  'beacon',
  'bridge',
  'compass',
  'gate',
  'haven',
  'hive',
  'nest',
  'pocket',
  'signal',
  'spark',
  'stash',
  'tower',
  'trail',
  'wave',
  'path',
  'port',
  'shield',
  'sail',
  'lantern',
  'forge',
  'grove',
  'arc',
  'loop',
  'mint',
  'pass',
  'link',
  'dock',
  'field',
];

const EVM = [
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:137',
  'eip155:8453',
  'eip155:42161',
  'eip155:43114',
  'eip155:100',
  'eip155:324',
  'eip155:59144',
  'eip155:534352',
  'eip155:42220',
];
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93';
const COSMOS = ['cosmos:cosmoshub-4', 'cosmos:osmosis-1'];

/** mulberry32: a tiny seeded PRNG, so the generated registry is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

function pickChains(rand: () => number): string[] {
  const evm = () => ['eip155:1', ...EVM.slice(1).filter(() => rand() < 0.45)];
  const profile = rand();
  if (profile < 0.55) return evm();
  if (profile < 0.72) return [...evm(), SOLANA];
  if (profile < 0.8) return [SOLANA];
  if (profile < 0.88) return [...evm(), BITCOIN];
  if (profile < 0.94) return [BITCOIN];
  return [...COSMOS, ...(rand() < 0.5 ? ['eip155:1'] : [])];
}

/** The first `n` generated wallets, skipping ids in `taken`. Deterministic. */
export function generatedWallets(n: number, taken: ReadonlySet<string> = new Set()): WalletEntry[] {
  const combos = ADJECTIVES.flatMap((adj) => NOUNS.filter((noun) => noun !== adj).map((noun) => [adj, noun] as const));
  const shuffle = prng(0x3c7a11e7);
  for (let i = combos.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [combos[i], combos[j]] = [combos[j]!, combos[i]!];
  }
  const out: WalletEntry[] = [];
  for (let round = 1; out.length < n; round++) {
    for (const [adj, noun] of combos) {
      if (out.length >= n) break;
      const suffix = round === 1 ? '' : `-${round}`;
      const id = `${adj}-${noun}${suffix}`;
      if (taken.has(id)) continue;
      const rand = prng(Math.imul(out.length + 1, 0x9e3779b1) ^ 0x5eed);
      const host = `${id}.example`;
      const scheme = `${adj}${noun}${round === 1 ? '' : round}`;
      const chains = pickChains(rand);
      const hasEvm = chains.some((c) => c.startsWith('eip155:'));
      const extension = rand() < 0.3;
      const mobile = rand() < 0.85;
      out.push({
        id,
        name: `${capital(adj)} ${capital(noun)}${round === 1 ? '' : ` ${round}`}`,
        homepage: `https://${host}`,
        image_id: id,
        order: GENERATED_ORDER_BASE + out.length,
        rdns: `example.${scheme}`,
        chains,
        badge_type: rand() < 0.12 ? 'certified' : 'none',
        mobile_link: mobile ? `${scheme}://` : null,
        desktop_link: rand() < 0.15 ? `${scheme}-desktop://` : null,
        webapp_link: rand() < 0.2 ? `https://app.${host}` : null,
        link_mode: mobile && rand() < 0.1 ? `https://link.${host}/wc` : null,
        app_store: mobile && rand() < 0.8 ? `https://${host}/download/ios` : null,
        play_store: mobile && rand() < 0.8 ? `https://${host}/download/android` : null,
        chrome_store: extension ? `https://${host}/download/chrome` : null,
        injected: extension && hasEvm ? [{ namespace: 'eip155', injected_id: `example.${scheme}` }] : null,
        supports_wc: mobile && rand() < 0.9,
      });
    }
  }
  return out;
}

let seedWalletsCache: ValidWallet[] | undefined;

/** The entries of server/data/wallets.json, validated (throws a WalletImportError naming the entry when the file is bad). */
export function seedWalletEntries(): ValidWallet[] {
  seedWalletsCache ??= validateWalletList(seedFile, 'server/data/wallets.json');
  return seedWalletsCache;
}

export interface SeedWalletsOptions {
  /** Wallets wanted in the registry at least (default 1000): the real ones, then generated ones. */
  count?: number;
}

/**
 * Adds the seed registry: every wallet of wallets.json, then generated wallets until `count`
 * wallets exist. Wallets already in the registry are left as they are, so seeding twice adds
 * nothing. Returns the number of wallets afterwards.
 */
export async function seedWallets(storage: Storage, { count = DEFAULT_SEED_WALLETS }: SeedWalletsOptions = {}): Promise<number> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`seedWallets: count must be a non-negative integer, got ${count}`);
  const real = seedWalletEntries();
  const taken = new Set(real.map((w) => w.entry.id));
  const generated = generatedWallets(Math.max(0, count - real.length), taken).map((entry) => ({ entry, image: undefined }));
  return walletsRepository(storage).store([...real, ...generated], 'ignore');
}
