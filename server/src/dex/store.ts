/**
 * The recorded DEX of a chain (table dex_deployments, migration 9): the Uniswap V2 factory,
 * router and WETH addresses and the tokens paired, as `w3kit-server dex deploy` prints them
 * (plus each token's name, which the token list of the swap routes shows).
 */
import * as z from 'zod';
import type { Database } from '../db/open.js';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const dexTokenSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  address,
  decimals: z.number().int().min(0).max(36),
});
export type DexToken = z.infer<typeof dexTokenSchema>;

export const dexRecordSchema = z.object({
  chainId: z.number().int().positive(),
  factory: address,
  router: address,
  weth: address,
  tokens: z.array(dexTokenSchema),
});
export type DexRecord = z.infer<typeof dexRecordSchema>;

/** The one JSON line `dex deploy` prints: the record without the tokens' names. */
export function dexLine(record: DexRecord): string {
  const { chainId, factory, router, weth, tokens } = record;
  return JSON.stringify({
    chainId,
    factory,
    router,
    weth,
    tokens: tokens.map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
  });
}

/** Records (or replaces) the DEX of `record.chainId`. */
export function saveDex(db: Database, record: DexRecord, now = Date.now()): void {
  db.prepare(
    `INSERT INTO dex_deployments (chain_id, record, deployed_at) VALUES (?, ?, ?)
     ON CONFLICT (chain_id) DO UPDATE SET record = excluded.record, deployed_at = excluded.deployed_at`,
  ).run(record.chainId, JSON.stringify(dexRecordSchema.parse(record)), now);
}

/** The recorded DEX of a chain, if any (a row that no longer parses counts as none). */
export function getDex(db: Database, chainId: number): DexRecord | undefined {
  const row = db.prepare('SELECT record FROM dex_deployments WHERE chain_id = ?').get(chainId) as { record: string } | undefined;
  if (!row) return undefined;
  const parsed = dexRecordSchema.safeParse(JSON.parse(row.record));
  return parsed.success ? parsed.data : undefined;
}

/** What the swap routes read of the database: a chain's recorded DEX. */
export interface DexRepository {
  get(chainId: number): DexRecord | undefined;
}

export function dexRepository(db: Database): DexRepository {
  return { get: (chainId) => getDex(db, chainId) };
}
