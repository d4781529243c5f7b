/**
 * Reading indexed tokens: metadata by address, the ERC-20s a balance covers, and the listing of
 * the `tokens list` command. `spam` here is the effective flag: set by the heuristic when the
 * contract was indexed, or by the operator's spam list.
 */
import { getAddress } from 'viem';
import type { Database } from '../db/open.js';
import type { TokenRow } from './store.js';

/** A token as the routes see it: the indexed row with its chain, without indexing details. */
export interface TokenInfo extends Omit<TokenRow, 'firstBlock'> {
  chainId: string;
}

const SELECT = `SELECT t.chain_id AS chainId, t.address, t.kind, t.name, t.symbol, t.decimals, t.image_id AS imageId,
                  (t.spam = 1 OR s.address IS NOT NULL) AS spam
                FROM evm_tokens t LEFT JOIN spam_contracts s ON s.address = t.address`;

const row = (r: TokenInfo): TokenInfo => ({ ...r, spam: Boolean(r.spam) });

/** The indexed tokens among `addresses` (lower-case), by address. */
export function tokensByAddress(db: Database, chainId: string, addresses: Iterable<string>): Map<string, TokenInfo> {
  const stmt = db.prepare(`${SELECT} WHERE t.chain_id = ? AND t.address = ?`);
  const out = new Map<string, TokenInfo>();
  for (const address of new Set(addresses)) {
    const found = stmt.get(chainId, address) as TokenInfo | undefined;
    if (found) out.set(address, row(found));
  }
  return out;
}

/** Every ERC-20 of the chain that is not spam, by address. */
export function fungibleTokens(db: Database, chainId: string): TokenInfo[] {
  return (db.prepare(`${SELECT} WHERE t.chain_id = ? AND t.kind = 'erc20' ORDER BY t.address`).all(chainId) as TokenInfo[])
    .map(row)
    .filter((t) => !t.spam);
}

/** Every indexed token of every chain, checksummed, for the CLI. */
export function listTokens(db: Database): TokenInfo[] {
  return (db.prepare(`${SELECT} ORDER BY t.chain_id, t.kind, t.symbol, t.address`).all() as TokenInfo[]).map((r) => ({
    ...row(r),
    address: getAddress(r.address),
  }));
}
