/**
 * The wire contract of the Blockchain API's on-ramp routes (spec sections 3 and 7), shared by the
 * backend and the client: GET /v1/onramp/options, POST /v1/onramp/quote, POST
 * /v1/generators/onrampurl, and ours, GET /v1/onramp/purchases/{session} (a sandbox checkout's
 * state, which the modal polls while the user pays). Fiat amounts are decimal strings with at
 * most 2 decimals (`"100.00"`); crypto amounts decimal strings in whole units (`"0.0328"` ETH).
 */
import * as z from 'zod/mini';

/** The payment method limits of spec 9 (the sample limits for USD and EUR). */
export const ONRAMP_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
} as const;

/** The on-ramp defaults of spec 9. */
export const DEFAULT_PURCHASE_CURRENCY = 'USDC';
export const DEFAULT_PAYMENT_CURRENCY = 'USD';

/** The path of the sandbox checkout page; a session id follows it. */
/**
 * The decimals the Buy form and the sandbox checkout both show (truncated, never rounded up):
 * money with 2, the crypto bought with 6, so the two pages read the same amounts.
 */
export const ONRAMP_SHOWN_DECIMALS = { fiat: 2, crypto: 6 } as const;
export const ONRAMP_CHECKOUT_PATH = '/onramp/sandbox/checkout/';
/** A checkout session id: 32 base64url characters (192 random bits). */
export const ONRAMP_SESSION_ID = /^[A-Za-z0-9_-]{32}$/;

/** A fiat amount: digits with at most 2 decimals. */
export const FIAT_AMOUNT = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;
export const FIAT_AMOUNT_RULE = 'must be an amount of money such as 100 or 99.50 (at most 2 decimals)';

const fiat = z.string().check(z.regex(FIAT_AMOUNT, FIAT_AMOUNT_RULE));
const shortText = z.string().check(z.minLength(1), z.maxLength(64));

export const onrampNetworkSchema = z.object({
  name: shortText,
  display_name: z.string().check(z.maxLength(64)),
  chain_id: z.string().check(z.maxLength(20)),
  contract_address: z.string().check(z.maxLength(64)),
});
export type OnrampNetwork = z.infer<typeof onrampNetworkSchema>;

export const purchaseCurrencySchema = z.object({
  id: shortText,
  name: z.string().check(z.maxLength(64)),
  symbol: shortText,
  networks: z.array(onrampNetworkSchema).check(z.maxLength(50)),
});
export type PurchaseCurrency = z.infer<typeof purchaseCurrencySchema>;

export const paymentMethodLimitSchema = z.object({ id: shortText, min: fiat, max: fiat });

export const paymentCurrencySchema = z.object({
  id: shortText,
  payment_method_limits: z.array(paymentMethodLimitSchema).check(z.maxLength(20)),
});
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>;

/** GET /v1/onramp/options reply. */
export const onrampOptionsReplySchema = z.object({
  purchaseCurrencies: z.array(purchaseCurrencySchema).check(z.maxLength(200)),
  paymentCurrencies: z.array(paymentCurrencySchema).check(z.maxLength(200)),
});
export type OnrampOptions = z.infer<typeof onrampOptionsReplySchema>;

/** POST /v1/onramp/quote body: buy `purchaseCurrency` on `network` for `amount` of `paymentCurrency`. */
export const onrampQuoteBodySchema = z.object({
  purchaseCurrency: shortText,
  paymentCurrency: shortText,
  amount: fiat,
  network: shortText,
});
export type OnrampQuoteBody = z.infer<typeof onrampQuoteBodySchema>;

const amountSchema = z.object({ amount: z.string().check(z.maxLength(100)), currency: shortText });

/** POST /v1/onramp/quote reply (spec 3's quote). */
export const onrampQuoteReplySchema = z.object({
  coinbaseFee: amountSchema,
  networkFee: amountSchema,
  paymentSubtotal: amountSchema,
  paymentTotal: amountSchema,
  purchaseAmount: amountSchema,
  quoteId: z.string().check(z.maxLength(100)),
});
export type OnrampQuote = z.infer<typeof onrampQuoteReplySchema>;

/** POST /v1/generators/onrampurl body. */
export const onrampUrlBodySchema = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address (0x and 40 hex characters)')),
        blockchains: z.array(shortText).check(z.minLength(1), z.maxLength(20)),
        assets: z.optional(z.array(shortText).check(z.maxLength(20))),
      }),
    )
    .check(z.minLength(1), z.maxLength(5)),
  defaultNetwork: z.optional(shortText),
  partnerUserId: z.string().check(z.minLength(1), z.maxLength(200)),
  defaultExperience: z.optional(z.literal('buy')),
  presetCryptoAmount: z.optional(z.number().check(z.positive())),
  presetFiatAmount: z.optional(z.number().check(z.positive())),
  /** Ours: the fiat currency of presetFiatAmount (default USD). */
  paymentCurrency: z.optional(shortText),
});
export type OnrampUrlBody = z.infer<typeof onrampUrlBodySchema>;

export const onrampUrlReplySchema = z.object({ url: z.string().check(z.maxLength(2000)) });

/** GET /v1/onramp/purchases/{session} reply: a sandbox checkout's state. */
export const onrampPurchaseReplySchema = z.object({
  status: z.enum(['pending', 'paid', 'expired']),
  txHash: z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash'))),
  purchaseAmount: amountSchema,
  address: z.string(),
  chainId: z.string(),
});
export type OnrampPurchase = z.infer<typeof onrampPurchaseReplySchema>;

/** The session id of a sandbox checkout URL, or undefined for other URLs (another provider's). */
export function checkoutSessionId(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  if (!path.startsWith(ONRAMP_CHECKOUT_PATH)) return undefined;
  const id = path.slice(ONRAMP_CHECKOUT_PATH.length);
  return ONRAMP_SESSION_ID.test(id) ? id : undefined;
}
