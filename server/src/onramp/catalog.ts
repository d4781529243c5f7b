/**
 * What the sandbox on-ramp sells and at what price: the options (ETH on the backend's `--evm-rpc`
 * chain, which the checkout pays out; USDC on Ethereum and Base, listed as the hosted API lists
 * it, quoted but not paid out here), the payment currencies with spec 9's limits, and the quote
 * maths: a 1.5% sandbox fee (inside the providers' 1-2% range), the rest converted at the
 * backend's USD price of the asset (the `prices` table) in integer arithmetic.
 */
import { randomUUID } from 'node:crypto';
import { formatUnits } from 'viem';
import {
  ONRAMP_LIMITS,
  type OnrampOptions,
  type OnrampQuote,
  type OnrampQuoteBody,
  type PurchaseCurrency,
} from '../../../src/wire/onramp-api.js';
import { presetByCaipId } from '../../../src/wire/networks.js';
import { caipChainId, evmChainReference } from '../chains/eip155/chain.js';
import { HttpError } from '../errors.js';
import type { PriceSource } from '../blockchain/prices.js';

/** The sandbox fee in basis points (1.5%). */
export const SANDBOX_FEE_BPS = 150n;
/** Each payment currency's value in micro-USD (the sandbox's fixed exchange rates); a Map: a request names the key. */
export const FIAT_MICRO_USD: ReadonlyMap<string, bigint> = new Map([
  ['USD', 1_000_000n],
  ['EUR', 1_080_000n],
]);
/** The payment method the sandbox checkout takes: a card, so its limits apply. */
export const SANDBOX_METHOD = 'card';

const USDC: PurchaseCurrency = {
  id: 'USDC',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [
    { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  ],
};

/** The on-ramp's name of an EVM chain: its preset's name as a slug (`localhost`), else `eip155-<id>`. */
export function networkName(chainId: string): string {
  const preset = presetByCaipId(chainId);
  return preset ? preset.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') : chainId.replace(':', '-');
}

/** ETH on the sandbox chain (its CAIP-2 id), the asset the checkout pays out. */
export function sandboxEth(chainId: string): PurchaseCurrency {
  return {
    id: 'ETH',
    name: 'Ether',
    symbol: 'ETH',
    networks: [
      {
        name: networkName(chainId),
        display_name: presetByCaipId(chainId)?.name ?? chainId,
        chain_id: evmChainReference(chainId),
        contract_address: '',
      },
    ],
  };
}

export function onrampOptions(chainId: string | undefined): OnrampOptions {
  const limits = Object.entries(ONRAMP_LIMITS).map(([id, { min, max }]) => ({ id, min, max }));
  return {
    purchaseCurrencies: [...(chainId ? [sandboxEth(chainId)] : []), USDC],
    paymentCurrencies: [...FIAT_MICRO_USD.keys()].map((id) => ({ id, payment_method_limits: limits })),
  };
}

/** Cents of a fiat amount string (already checked by the schema). */
export function cents(amount: string): bigint {
  const [whole, frac = ''] = amount.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
}

const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const grouped = (amount: string) => {
  const [whole, frac] = amount.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

/** A 400 naming `field` unless `amount` (cents) is within the sandbox's card limits. */
export function checkLimits(amountCents: bigint, currency: string, field: string): void {
  const { min, max } = ONRAMP_LIMITS[SANDBOX_METHOD];
  if (amountCents < cents(min) || amountCents > cents(max)) {
    throw new HttpError(
      400,
      `Invalid body field '${field}': must be from ${grouped(min)} to ${grouped(max)} ${currency} (the card limits)`,
      field,
    );
  }
}

export interface PricedQuote {
  quote: OnrampQuote;
  /** The purchase in the asset's base units (wei for ETH). */
  baseUnits: bigint;
  decimals: number;
  chainId: string | undefined;
}

/** The quote of a request; 400 naming the field for an unknown currency, network or an amount out of the limits. */
export async function priceQuote(body: OnrampQuoteBody, sandboxChain: string | undefined, prices: PriceSource): Promise<PricedQuote> {
  const fx = FIAT_MICRO_USD.get(body.paymentCurrency);
  if (fx === undefined) {
    throw new HttpError(
      400,
      `Invalid body field 'paymentCurrency': '${body.paymentCurrency}' is not offered (offered: ${[...FIAT_MICRO_USD.keys()].join(', ')})`,
      'paymentCurrency',
    );
  }
  const { purchaseCurrencies } = onrampOptions(sandboxChain);
  const currency = purchaseCurrencies.find((c) => c.id === body.purchaseCurrency);
  if (!currency) {
    throw new HttpError(
      400,
      `Invalid body field 'purchaseCurrency': '${body.purchaseCurrency}' is not offered (offered: ${purchaseCurrencies.map((c) => c.id).join(', ')})`,
      'purchaseCurrency',
    );
  }
  const network = currency.networks.find((n) => n.name === body.network);
  if (!network) {
    throw new HttpError(
      400,
      `Invalid body field 'network': ${currency.id} is not offered on '${body.network}' (networks: ${currency.networks.map((n) => n.name).join(', ')})`,
      'network',
    );
  }
  const total = cents(body.amount);
  checkLimits(total, body.paymentCurrency, 'amount');
  const chainId = caipChainId(network.chain_id);
  let priceMicro = 1_000_000n;
  if (currency.id === 'ETH') {
    const usd = (await prices.usdPrices(chainId, ['native'])).get('native') ?? 0;
    if (!(usd > 0)) {
      throw new HttpError(
        503,
        `The sandbox on-ramp has no price of ETH on ${chainId}: set one with w3kit-server prices set ${chainId} native <usd>`,
      );
    }
    priceMicro = BigInt(Math.round(usd * 1e6));
  }
  const fee = (total * SANDBOX_FEE_BPS + 5_000n) / 10_000n;
  const subtotal = total - fee;
  const decimals = currency.id === 'ETH' ? 18 : 6;
  // cents -> micro-USD (x 10^4, then the exchange rate), then base units at the asset's price.
  const baseUnits = (subtotal * 10_000n * fx * 10n ** BigInt(decimals)) / (1_000_000n * priceMicro);
  const of = (c: bigint) => ({ amount: money(c), currency: body.paymentCurrency });
  return {
    quote: {
      coinbaseFee: of(fee),
      networkFee: of(0n),
      paymentSubtotal: of(subtotal),
      paymentTotal: of(total),
      purchaseAmount: { amount: formatUnits(baseUnits, decimals), currency: currency.id },
      quoteId: `sandbox-${randomUUID()}`,
    },
    baseUnits,
    decimals,
    chainId: currency.id === 'ETH' ? chainId : undefined,
  };
}
