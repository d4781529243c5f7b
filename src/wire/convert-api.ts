/**
 * The wire contract of the Blockchain API's swap ("convert") routes (spec section 7), shared by
 * the backend and the client. Tokens are CAIP-10 ids (`eip155:31337:0x…`; the chain's native
 * coin is `eip155:<id>:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`); amounts are base-unit
 * decimal strings (`"1000000000000000000"` is 1 ETH); `slippage` is a percentage (`"1"` is 1%).
 */
import * as z from 'zod/mini';

/** The address that stands for a chain's native coin in swap token ids. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** An EVM account or token as CAIP-10: `eip155:<chain id>:0x<40 hex>`. */
export const EVM_CAIP10 = /^eip155:[1-9][0-9]{0,15}:0x[0-9a-fA-F]{40}$/;
export const EVM_CAIP10_RULE = 'must be eip155:<chain id>:0x and 40 hex characters';
/** A base-unit amount: a decimal integer of at most 78 digits (uint256). */
export const BASE_UNITS = /^(0|[1-9][0-9]{0,77})$/;
export const BASE_UNITS_RULE = 'must be a whole number of base units (digits only)';
/** A slippage percentage: more than 0, at most 50, at most 2 decimals. */
export const SLIPPAGE = /^(0|[1-9][0-9]?)(\.[0-9]{1,2})?$/;
export const SLIPPAGE_MAX = 50;
/** The default slippage tolerance, in percent (spec section 9). */
export const DEFAULT_SLIPPAGE = '1';

const caip10 = z.string().check(z.regex(EVM_CAIP10, EVM_CAIP10_RULE));
const baseUnits = z.string().check(z.regex(BASE_UNITS, BASE_UNITS_RULE));
const hexAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex characters'));
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x and hex bytes'));

/** One token a chain's DEX trades (GET /v1/convert/tokens). */
export const swapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  address: caip10,
  decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
  logoUri: z.string(),
  eip2612: z.optional(z.boolean()),
});
export type SwapToken = z.infer<typeof swapTokenSchema>;

/** GET /v1/convert/tokens?chainId=eip155:<id> reply. */
export const swapTokensReplySchema = z.object({ tokens: z.array(swapTokenSchema) });

/**
 * One quote (GET /v1/convert/quotes): what `fromAmount` of `fromAccount` (a token id) gives in
 * `toAccount` now. `priceImpact` is the percentage the trade moves the price (ours; the hosted
 * API leaves it out); `route` lists the token ids the trade goes through.
 */
export const swapQuoteSchema = z.object({
  id: z.nullable(z.string()),
  fromAmount: baseUnits,
  fromAccount: caip10,
  toAmount: baseUnits,
  toAccount: caip10,
  priceImpact: z.optional(z.number().check(z.gte(0))),
  route: z.optional(z.array(caip10)),
});
export type SwapQuote = z.infer<typeof swapQuoteSchema>;

/** GET /v1/convert/quotes reply. */
export const swapQuotesReplySchema = z.object({ quotes: z.array(swapQuoteSchema) });

/** GET /v1/convert/allowance?tokenAddress=<caip10>&userAddress=<caip10> reply: what the DEX may spend, in base units. */
export const swapAllowanceReplySchema = z.object({ allowance: baseUnits });

/** GET /v1/convert/gas-price?chainId=eip155:<id> reply: wei per gas at three speeds. */
export const gasPriceReplySchema = z.object({ standard: baseUnits, fast: baseUnits, instant: baseUnits });
export type GasPrice = z.infer<typeof gasPriceReplySchema>;

/**
 * A transaction a wallet can send as it is (build-transaction, build-approve): `to` the router
 * or the token, `value` in wei as a decimal string; `eip155` carries the estimate unless the
 * request said `disableEstimate`.
 */
export const swapTransactionSchema = z.object({
  from: hexAddress,
  to: hexAddress,
  data: hexData,
  value: baseUnits,
  eip155: z.optional(z.object({ gas: z.optional(baseUnits), gasPrice: baseUnits })),
});
export type SwapTransaction = z.infer<typeof swapTransactionSchema>;

/** POST /v1/convert/build-transaction and GET /v1/convert/build-approve reply. */
export const swapTransactionReplySchema = z.object({ tx: swapTransactionSchema });

/** POST /v1/convert/build-transaction body. */
export const buildSwapBodySchema = z.object({
  projectId: z.optional(z.string()),
  amount: baseUnits,
  eip155: z.object({ slippage: z.string().check(z.regex(SLIPPAGE, `must be a percentage above 0 and at most ${SLIPPAGE_MAX}`)) }),
  from: caip10,
  to: caip10,
  userAddress: caip10,
  disableEstimate: z.optional(z.boolean()),
});
export type BuildSwapBody = z.infer<typeof buildSwapBodySchema>;

/** The 12 networks the hosted swap provider serves (spec section 9). */
export const SWAP_NETWORKS: readonly string[] = [
  'eip155:1',
  'eip155:56',
  'eip155:137',
  'eip155:324',
  'eip155:100',
  'eip155:8453',
  'eip155:42161',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
  'eip155:10',
];

/** The local chain `w3kit-server dex deploy` serves in the demo and the tests (Hardhat). */
export const LOCAL_SWAP_NETWORKS: readonly string[] = ['eip155:31337'];
