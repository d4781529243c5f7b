/**
 * The on-ramp's fixed data (spec sections 8 and 9): the providers (our sandbox, which works
 * offline, then meld and coinbase with their 1-2% fee range, which need an account and the
 * internet), the restricted timezones (mainland China), the built-in sample options used when
 * the options call fails, the placeholder quote 'mocked-quote-id' used when a quote fails, and
 * the amount limits check.
 */
import {
  DEFAULT_PAYMENT_CURRENCY,
  DEFAULT_PURCHASE_CURRENCY,
  FIAT_AMOUNT,
  ONRAMP_LIMITS,
  type OnrampOptions,
  type OnrampQuote,
  type PaymentCurrency,
} from '../../wire/onramp-api.js';

export type OnrampProviderName = 'sandbox' | 'meld' | 'coinbase';

export interface OnrampProvider {
  name: OnrampProviderName;
  /** Shown as it is (a brand name). */
  label: string;
  /** The fee range, e.g. '1-2%'. */
  feeRange: string;
  /** The provider's own page for meld and coinbase; the sandbox's comes from the URL generator. */
  url: string | undefined;
  /** True when it needs an account at the provider and the internet. */
  external: boolean;
  /** The only currencies it sells (ids), when not all the options list. */
  assets?: readonly string[];
  /** True when it sells on test and local chains (the sandbox's test money); real-money providers do not. */
  testnets: boolean;
}

/** Spec 9: default on-ramp providers meld and coinbase, fee range 1-2%; ours first. */
export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [
  // The sandbox pays out ETH on the backend's --evm-rpc chain only.
  { name: 'sandbox', label: 'w3kit sandbox', feeRange: '1.5%', url: undefined, external: false, assets: ['ETH'], testnets: true },
  { name: 'meld', label: 'Meld', feeRange: '1-2%', url: 'https://meldcrypto.com', external: true, testnets: false },
  {
    name: 'coinbase',
    label: 'Coinbase',
    feeRange: '1-2%',
    url: 'https://pay.coinbase.com/buy/select-asset',
    external: true,
    testnets: false,
  },
];

/** Spec 9: the restricted timezones, mainland China's. */
export const RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
];

export const isRestrictedTimezone = (timeZone: string | undefined): boolean =>
  timeZone !== undefined && RESTRICTED_TIMEZONES.includes(timeZone);

const SAMPLE_LIMITS = Object.entries(ONRAMP_LIMITS).map(([id, { min, max }]) => ({ id, min, max }));

/** Spec 8: the built-in sample options, used when the options call fails. */
export const SAMPLE_OPTIONS: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: DEFAULT_PURCHASE_CURRENCY,
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
        { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
      ],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
    },
  ],
  paymentCurrencies: [
    { id: DEFAULT_PAYMENT_CURRENCY, payment_method_limits: SAMPLE_LIMITS },
    { id: 'EUR', payment_method_limits: SAMPLE_LIMITS },
  ],
};

export const MOCKED_QUOTE_ID = 'mocked-quote-id';

/** Spec 8: the placeholder quote of a failed quote call: no fees known, the amount as typed. */
export function placeholderQuote(amount: string, paymentCurrency: string, purchaseCurrency: string): OnrampQuote {
  const fiat = { amount, currency: paymentCurrency };
  return {
    coinbaseFee: { amount: '0.00', currency: paymentCurrency },
    networkFee: { amount: '0.00', currency: paymentCurrency },
    paymentSubtotal: fiat,
    paymentTotal: fiat,
    purchaseAmount: { amount: '0', currency: purchaseCurrency },
    quoteId: MOCKED_QUOTE_ID,
  };
}

/** What is wrong with an amount; the view words it. */
export type AmountProblem =
  | { code: 'INVALID' }
  | { code: 'BELOW_MIN'; min: string; currency: string }
  | { code: 'ABOVE_MAX'; max: string; currency: string };

/** The limits of a currency's payment method (card by default), else spec 9's. */
export function limitsOf(currency: PaymentCurrency | undefined, method = 'card'): { min: string; max: string } {
  return currency?.payment_method_limits.find((l) => l.id === method) ?? ONRAMP_LIMITS.card;
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);

/** The problem of an amount typed for `currency`; undefined when it is within the limits (empty is no problem yet). */
export function amountProblem(amount: string, currency: PaymentCurrency | undefined): AmountProblem | undefined {
  if (amount === '') return undefined;
  if (!FIAT_AMOUNT.test(amount)) return { code: 'INVALID' };
  const { min, max } = limitsOf(currency);
  const id = currency?.id ?? DEFAULT_PAYMENT_CURRENCY;
  if (cents(amount) < cents(min)) return { code: 'BELOW_MIN', min, currency: id };
  if (cents(amount) > cents(max)) return { code: 'ABOVE_MAX', max, currency: id };
  return undefined;
}
