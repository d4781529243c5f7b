/**
 * USD prices of native currencies and tokens. The source is pluggable (`PriceSource`); the
 * default reads the `prices` table, which the operator fills with the CLI
 * (`w3kit-server prices set CHAIN TOKEN USD`) and `--seed` fills for the local chains (Hardhat's, the Bitcoin development chain's).
 * A token without a price is worth 0.
 */
import { InputError } from '../errors.js';
import { BIP122_DEV_PRICES } from '../chains/bip122/dev-prices.js';
import { DEV_PRICES } from '../chains/eip155/dev-prices.js';
import { chainAddress, chainOfId, SERVER_CHAINS } from '../chains/index.js';
import type { Storage } from '../storage/engine.js';
import { chainDataRepository, type PriceRow } from '../storage/chain-data.js';

/** `native` or a token address in the form its namespace stores (`ServerChain.address.normalize`). */
export type PriceKey = string;

export interface PriceSource {
  /** USD price of each token of the chain (0 when unknown), keyed as asked. */
  usdPrices(chainId: string, tokens: readonly PriceKey[]): Promise<Map<PriceKey, number>>;
}

export type { PriceRow };

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
export async function setPrice(storage: Storage, chainId: string, token: string, usd: number): Promise<PriceRow> {
  if (!Number.isFinite(usd) || usd < 0) throw new InputError('price', `Invalid price '${usd}': must be a number of at least 0`);
  const row = { chainId: checkChain(chainId), token: checkToken(chainId, token), usd, updatedAt: new Date().toISOString() };
  await chainDataRepository(storage).setPrice(row);
  return row;
}

/** Removes a price; false when there was none. */
export function removePrice(storage: Storage, chainId: string, token: string): Promise<boolean> {
  return chainDataRepository(storage).removePrice(checkChain(chainId), checkToken(chainId, token));
}

export function listPrices(storage: Storage): Promise<PriceRow[]> {
  return chainDataRepository(storage).listPrices();
}

/** Adds the local chain's default prices that are missing (never changes one that is set). */
export function seedDevPrices(storage: Storage): Promise<void> {
  return chainDataRepository(storage).addPrices([...DEV_PRICES, ...BIP122_DEV_PRICES]);
}

/** The default source: the `prices` table. */
export function tablePriceSource(storage: Storage): PriceSource {
  const data = chainDataRepository(storage);
  return { usdPrices: (chainId, tokens) => data.usdPrices(chainId, tokens) };
}
