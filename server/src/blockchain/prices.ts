/**
 * USD prices of native currencies and tokens. The source is pluggable (`PriceSource`); the
 * default reads the `prices` table, which the operator fills with the CLI
 * (`w3kit-server prices set CHAIN TOKEN USD`) and `--seed` fills for the local chain.
 * A token without a price is worth 0.
 */
import type { Database } from '../db/open.js';
import { InputError } from '../errors.js';
import { DEV_PRICES } from '../chains/eip155/dev-prices.js';
import { chainAddress, chainOfId, SERVER_CHAINS } from '../chains/index.js';

/** `native` or a token address in the form its namespace stores (`ServerChain.address.normalize`). */
export type PriceKey = string;

export interface PriceSource {
  /** USD price of each token of the chain (0 when unknown), keyed as asked. */
  usdPrices(chainId: string, tokens: readonly PriceKey[]): Promise<Map<PriceKey, number>>;
}

export interface PriceRow {
  chainId: string;
  token: PriceKey;
  usd: number;
  updatedAt: string;
}

/** The local chain's seeded prices (server/src/chains/eip155/dev-prices.ts). */
export { DEV_PRICES };

function checkChain(chainId: string): string {
  if (!chainOfId(chainId))
    throw new InputError('chain', `Invalid chain '${chainId}': must be ${SERVER_CHAINS.map((c) => c.chainIdForm).join(' or ')}`);
  return chainId;
}

function checkToken(chainId: string, token: string): PriceKey {
  if (token.toLowerCase() === 'native') return 'native';
  return chainAddress(chainOfId(chainId) ?? SERVER_CHAINS[0]!, token, 'token');
}

/** Sets (or replaces) a price. */
export function setPrice(db: Database, chainId: string, token: string, usd: number): PriceRow {
  if (!Number.isFinite(usd) || usd < 0) throw new InputError('price', `Invalid price '${usd}': must be a number of at least 0`);
  const row = { chainId: checkChain(chainId), token: checkToken(chainId, token), usd, updatedAt: new Date().toISOString() };
  db.prepare(
    `INSERT INTO prices (chain_id, token, usd, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (chain_id, token) DO UPDATE SET usd = excluded.usd, updated_at = excluded.updated_at`,
  ).run(row.chainId, row.token, row.usd, row.updatedAt);
  return row;
}

/** Removes a price; false when there was none. */
export function removePrice(db: Database, chainId: string, token: string): boolean {
  return db.prepare('DELETE FROM prices WHERE chain_id = ? AND token = ?').run(checkChain(chainId), checkToken(chainId, token)).changes > 0;
}

export function listPrices(db: Database): PriceRow[] {
  return db
    .prepare('SELECT chain_id AS chainId, token, usd, updated_at AS updatedAt FROM prices ORDER BY chain_id, token != ?, token')
    .all('native') as PriceRow[];
}

/** Adds the local chain's default prices that are missing (never changes one that is set). */
export function seedDevPrices(db: Database): void {
  const insert = db.prepare('INSERT OR IGNORE INTO prices (chain_id, token, usd, updated_at) VALUES (?, ?, ?, ?)');
  const now = new Date().toISOString();
  db.transaction(() => DEV_PRICES.forEach((p) => insert.run(p.chainId, p.token, p.usd, now)))();
}

/** The default source: the `prices` table. */
export function tablePriceSource(db: Database): PriceSource {
  const get = db.prepare('SELECT usd FROM prices WHERE chain_id = ? AND token = ?');
  return {
    async usdPrices(chainId, tokens) {
      return new Map(tokens.map((t) => [t, (get.get(chainId, t) as { usd: number } | undefined)?.usd ?? 0]));
    },
  };
}
