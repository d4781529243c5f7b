/**
 * The wire contract of the Blockchain API (spec section 7): balances, prices, history, NFTs and
 * identity, shared by the backend and the client in src/api. Amounts arrive as human decimal
 * strings (`"999.5"`), fiat values as numbers.
 */
import * as z from 'zod/mini';

const nullableString = z.nullable(z.string());

const caipNetworkIdSchema = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'chainId is a CAIP-2 id'));
const nonNegativeNumber = z.number().check(z.gte(0));

/** GET /v1/supported-chains reply: CAIP-2 ids served over HTTP and over WebSocket. */
export const supportedChainsReplySchema = z.object({ http: z.array(z.string()), ws: z.array(z.string()) });
export type SupportedChainsReply = z.infer<typeof supportedChainsReplySchema>;

/** One token balance (spec section 3); `address` (`eip155:31337:0xTOKEN`) is absent for the native coin. */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caipNetworkIdSchema,
  address: z.optional(z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'address is a CAIP-10 id'))),
  value: nonNegativeNumber,
  price: nonNegativeNumber,
  quantity: z.object({
    decimals: z.string().check(z.regex(/^\d{1,3}$/, 'decimals is a small integer')),
    numeric: z.string().check(z.regex(/^\d+(\.\d+)?$/, 'numeric is a decimal amount')),
  }),
  iconUrl: z.string(),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** GET /v1/account/{address}/balance reply. */
export const balanceReplySchema = z.object({ balances: z.array(tokenBalanceSchema) });

/** POST /v1/fungible/price reply. */
export const fungiblePriceReplySchema = z.object({
  fungibles: z.array(z.object({ name: z.string(), symbol: z.string(), iconUrl: z.string(), price: nonNegativeNumber })),
});
export type FungiblePrice = z.infer<typeof fungiblePriceReplySchema>['fungibles'][number];

/** One transfer of a transaction: a fungible or an NFT moving in, out or to self. */
export const transactionTransferSchema = z.object({
  fungible_info: z.optional(z.object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }) })),
  nft_info: z.optional(
    z.object({
      name: z.string(),
      content: z.object({ preview: z.object({ url: z.string() }) }),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  value: z.number(),
  price: z.number(),
});
export type TransactionTransfer = z.infer<typeof transactionTransferSchema>;

/** One transaction of an account's history. */
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    /** `trade`: a swap (both legs in `transfers`); `buy`: an on-ramp purchase. A kind this client does not know reads as `execute`. */
    operationType: z.catch(z.enum(['send', 'receive', 'mint', 'execute', 'trade', 'buy']), 'execute'),
    hash: z.string(),
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.string(),
    nonce: z.union([z.number(), z.string()]),
    chain: z.string(),
    /** UTXO chains (bip122): blocks since the one that mined it, 0 while in the mempool. */
    confirmations: z.optional(z.number()),
  }),
  transfers: z.array(transactionTransferSchema),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /v1/account/{address}/history reply: newest first; `next` is the cursor of the next page. */
export const historyReplySchema = z.object({ data: z.array(transactionSchema), next: z.nullable(z.string()) });
export type HistoryReply = z.infer<typeof historyReplySchema>;

/** One NFT an account holds. */
export const nftSchema = z.object({
  contract: z.string(),
  tokenId: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  collection: z.string(),
  spam: z.boolean(),
});
export type Nft = z.infer<typeof nftSchema>;

/** GET /v1/account/{address}/nfts reply. */
export const nftsReplySchema = z.object({ data: z.array(nftSchema) });

/** GET /v1/identity/{address} reply. */
export const identityReplySchema = z.object({ name: nullableString, avatar: nullableString });
export type Identity = z.infer<typeof identityReplySchema>;

/**
 * GET /v1/profile/account/{name}?apiVersion=2 reply: the name's addresses by SLIP-44 coin type
 * (`"60"`, Ether, holds the EVM address) and its attributes (`avatar`). Other coin types are
 * kept; fields beyond these (the hosted API adds `registered`, `created`, ...) are dropped.
 */
export const profileReplySchema = z.object({
  name: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  attributes: z.optional(z.object({ avatar: z.optional(z.string()) })),
});
export type Profile = z.infer<typeof profileReplySchema>;

/** GET /v1/profile/reverse/{address}?apiVersion=2 reply: the profiles naming the address. */
export const reverseProfilesReplySchema = z.array(profileReplySchema);

/** The most assets one POST /v1/fungible/price asks for. */
export const FUNGIBLE_PRICE_MAX = 100;

/** A priced EVM asset, as CAIP-10: `eip155:<chain id>:native` or `eip155:<chain id>:0x<token>`. */
export const EVM_ASSET_ID = /^(eip155:[1-9][0-9]{0,15}):(native|0x[0-9a-fA-F]{40})$/;

/** POST /v1/fungible/price body; `projectId`, when given, is the request's project. */
export const fungiblePriceBodySchema = z.object({
  projectId: z.optional(z.string()),
  currency: z.enum(['usd']),
  addresses: z
    .array(z.string().check(z.regex(EVM_ASSET_ID, 'must be eip155:<chain id>:native or eip155:<chain id>:0x and 40 hex characters')))
    .check(
      z.minLength(1, 'must list at least one address'),
      z.maxLength(FUNGIBLE_PRICE_MAX, `must list at most ${FUNGIBLE_PRICE_MAX} addresses per request`),
    ),
});

/** GET /v1/account/{address}/utxos reply (UTXO chains): the balance in sats, confirmed and in the mempool, and the unspent outputs. */
export const utxoReplySchema = z.object({
  chainId: caipNetworkIdSchema,
  confirmed: z.number(),
  unconfirmed: z.number(),
  price: nonNegativeNumber,
  value: nonNegativeNumber,
  utxos: z.array(z.object({ txid: z.string(), vout: z.number(), value: z.number(), confirmations: z.number() })),
});
export type UtxoReply = z.infer<typeof utxoReplySchema>;

/** GET /v1/fee-estimates reply (UTXO chains): sat/vB to be mined in 1 (fast), 6 (normal) and 144 (slow) blocks, and every target the node gives. */
export const feeEstimatesReplySchema = z.object({
  chainId: caipNetworkIdSchema,
  fast: nonNegativeNumber,
  normal: nonNegativeNumber,
  slow: nonNegativeNumber,
  targets: z.record(z.string(), z.number()),
});
export type FeeEstimatesReply = z.infer<typeof feeEstimatesReplySchema>;
