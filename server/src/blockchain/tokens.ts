/**
 * Reading indexed tokens (../storage/evm-reads.ts): metadata by address, the ERC-20s a balance
 * covers, and the listing of the `tokens list` command. `spam` here is the effective flag: set
 * by the heuristic when the contract was indexed, or by the operator's spam list.
 */
import { getAddress } from 'viem';
import type { Storage } from '../storage/engine.js';
import { evmReadsRepository, type IndexedToken } from '../storage/evm-reads.js';

/** A token as the routes see it: the indexed row with its chain, without indexing details. */
export type TokenInfo = IndexedToken;

/** Every indexed token of every chain, checksummed, for the CLI. */
export async function listTokens(storage: Storage): Promise<TokenInfo[]> {
  return (await evmReadsRepository(storage).listTokens()).map((r) => ({ ...r, address: getAddress(r.address) }));
}
