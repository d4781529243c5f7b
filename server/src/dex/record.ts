/**
 * The recorded DEX of a chain (table dex_deployments, migration 9): the Uniswap V2 factory,
 * router and WETH addresses and the tokens paired, as `w3kit-server dex deploy` prints them
 * (plus each token's name, which the token list of the swap routes shows). The DEX repository
 * (`app.dex`, ../storage/dex.ts) stores them on either engine.
 */
import * as z from 'zod';

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
