/**
 * The on-ramp state and actions (spec sections 3, 4, 8): the providers and the chosen one, the
 * options (from the Blockchain API, the sample options when that fails), the purchase and
 * payment currencies (defaults USDC and USD; only a currency the chosen provider sells on the
 * active network, USDC when it is one, else the first; none when it sells nothing there, see
 * offer.ts), the amount checked against the payment method's
 * limits, and the quote (debounced; the placeholder 'mocked-quote-id' when it fails). Options and
 * quotes are fetcher stores: they load while the on-ramp views listen, the quote keyed by a
 * debounced request (an answer for an amount or currency since changed is dropped). Used only
 * by the lazy on-ramp views, so it loads with them.
 */
import { atom, computed, map, onMount } from 'nanostores';
import { createOnrampApi, type OnrampApi } from '../../api/onramp-api.js';
import {
  DEFAULT_PAYMENT_CURRENCY,
  DEFAULT_PURCHASE_CURRENCY,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampQuote,
  type PaymentCurrency,
  type PurchaseCurrency,
} from '../../wire/onramp-api.js';
import { $options } from '../app/options.js';
import { createFetcherStore } from '../app/fetcher.js';
import { $activeNetwork } from '../network/networks.js';
import {
  amountProblem,
  ONRAMP_PROVIDERS,
  placeholderQuote,
  SAMPLE_OPTIONS,
  type AmountProblem,
  type OnrampProvider,
} from './onramp-catalog.js';
import { matchNetwork, providerOffer, type ProviderOffer } from './offer.js';

export * from './onramp-catalog.js';
export * from './offer.js';

/** How long typing must pause before a quote is asked. */
export const QUOTE_DEBOUNCE_MS = 300;

export interface OnrampState {
  providers: readonly OnrampProvider[];
  selectedProvider: OnrampProvider | undefined;
  options: OnrampOptions | undefined;
  /** 'sample' when the options call failed and the built-in ones are shown. */
  optionsSource: 'api' | 'sample' | undefined;
  purchaseCurrency: PurchaseCurrency | undefined;
  paymentCurrency: PaymentCurrency | undefined;
  /** The fiat amount typed. */
  paymentAmount: string;
  /** What the quote says the amount buys. */
  purchaseAmount: string | undefined;
  quote: OnrampQuote | undefined;
  /** The amount's problem (limits). */
  error: AmountProblem | undefined;
  loading: boolean;
  quotesLoading: boolean;
}

/** What the person chose and typed; the rest of the state derives from it and the loaded options and quote. */
interface OnrampForm {
  selectedProvider: OnrampProvider | undefined;
  purchaseCurrency: PurchaseCurrency | undefined;
  paymentCurrency: PaymentCurrency | undefined;
  paymentAmount: string;
}

const EMPTY_FORM: OnrampForm = { selectedProvider: undefined, purchaseCurrency: undefined, paymentCurrency: undefined, paymentAmount: '' };

const $form = map<OnrampForm>({ ...EMPTY_FORM });

let api: { key: string; api: OnrampApi } | undefined;
let apiDeps: { fetch?: typeof fetch; attempts?: number; timeoutMs?: number } = {};

/** Request settings of the client (tests: one attempt, a short timeout). */
export function setOnrampApiDeps(next: typeof apiDeps): void {
  apiDeps = next;
  api = undefined;
}

/** The on-ramp client of the current options; undefined without blockchainApiUrl and projectId. */
export function getOnrampApi(): OnrampApi | undefined {
  const options = $options.get();
  if (!options?.blockchainApiUrl || !options.projectId) return undefined;
  const key = `${options.blockchainApiUrl}\n${options.projectId}`;
  if (api?.key !== key)
    api = { key, api: createOnrampApi({ ...apiDeps, blockchainApiUrl: options.blockchainApiUrl, projectId: options.projectId }) };
  return api.api;
}

/** The network of `currency` that is the active network, if it is sold there. */
export function activeNetworkOf(currency: PurchaseCurrency | undefined): OnrampNetwork | undefined {
  return currency ? matchNetwork(currency.networks, $activeNetwork.get()) : undefined;
}

interface LoadedOptions {
  options: OnrampOptions;
  source: 'api' | 'sample';
}

/** The Blockchain API the options come from ('' without one: the sample options). */
const $optionsSource = computed($options, (o) => (o?.blockchainApiUrl && o.projectId ? `${o.blockchainApiUrl}\n${o.projectId}` : ''));

/** The options, once per Blockchain API; a failure, or no Blockchain API, gives the sample options (spec 8). */
const $loadedOptions = createFetcherStore<LoadedOptions, string>($optionsSource, {
  lifetimeMs: Infinity,
  maxEntries: 4,
  fetcher: async () => {
    try {
      const client = getOnrampApi();
      if (!client) throw new Error('No blockchainApiUrl');
      return { options: await client.getOptions(), source: 'api' };
    } catch {
      return { options: SAMPLE_OPTIONS, source: 'sample' };
    }
  },
});

/** The purchase currency for `state`: the chosen one while it is on offer, else USDC when it is, else the first on offer. */
function pickPurchaseCurrency(state: OnrampState): PurchaseCurrency | undefined {
  const offered = currentOffer(state)?.currencies ?? [];
  return offered.find((c) => c.id === state.purchaseCurrency?.id) ?? offered.find((c) => c.id === DEFAULT_PURCHASE_CURRENCY) ?? offered[0];
}

/** The form with the options: the currencies on offer on the active network, the amount checked against their limits. */
const $chosen = computed([$form, $loadedOptions, $activeNetwork], (form, { data, loading }) => {
  const options = data?.options;
  const paymentCurrency =
    form.paymentCurrency ?? options?.paymentCurrencies.find((c) => c.id === DEFAULT_PAYMENT_CURRENCY) ?? options?.paymentCurrencies[0];
  const state: OnrampState = {
    ...form,
    providers: ONRAMP_PROVIDERS,
    options,
    optionsSource: data?.source,
    paymentCurrency,
    error: amountProblem(form.paymentAmount, paymentCurrency),
    loading,
    purchaseAmount: undefined,
    quote: undefined,
    quotesLoading: false,
  };
  return { ...state, purchaseCurrency: options ? pickPurchaseCurrency(state) : undefined };
});

interface QuoteRequest {
  purchaseCurrency: string;
  paymentCurrency: string;
  amount: string;
  network: string;
}

/** The quote to ask for now; none without an amount within the limits, or for a currency not sold on the active network. */
const $quoteRequest = computed($chosen, ({ purchaseCurrency, paymentCurrency, paymentAmount, error }): QuoteRequest | undefined => {
  // Only what is sold on the active network is quoted (never another network's price).
  const network = activeNetworkOf(purchaseCurrency);
  if (!purchaseCurrency || !paymentCurrency || !paymentAmount || error || !network) return undefined;
  return { purchaseCurrency: purchaseCurrency.id, paymentCurrency: paymentCurrency.id, amount: paymentAmount, network: network.name };
});
const quoteKey = (request: QuoteRequest | undefined): string | undefined => request && JSON.stringify(request);

/** The quote request once it has not changed for QUOTE_DEBOUNCE_MS (at once when there is none). */
const $quoteAsked = atom<QuoteRequest | undefined>(undefined);
let quoteTimer: ReturnType<typeof setTimeout> | undefined;
onMount($quoteAsked, () => {
  const stop = $quoteRequest.subscribe((request) => {
    clearTimeout(quoteTimer);
    if (quoteKey(request) === quoteKey($quoteAsked.get())) return;
    if (!request) return $quoteAsked.set(undefined);
    quoteTimer = setTimeout(() => $quoteAsked.set(request), QUOTE_DEBOUNCE_MS);
  });
  return () => (clearTimeout(quoteTimer), stop());
});

/** Quotes; a failure gives the placeholder quote (spec 8). */
const $quotes = createFetcherStore<OnrampQuote, QuoteRequest>($quoteAsked, {
  key: (r) => quoteKey(r)!,
  lifetimeMs: 30_000,
  maxEntries: 8,
  fetcher: async (request) => {
    try {
      const client = getOnrampApi();
      if (!client) throw new Error('No quote source');
      return await client.getQuote(request);
    } catch {
      return placeholderQuote(request.amount, request.paymentCurrency, request.purchaseCurrency);
    }
  },
});

/** The quote shown last: it stays while the next one loads. */
let shownQuote: OnrampQuote | undefined;

export const $onramp = computed([$chosen, $quoteRequest, $quotes], (state, request, quotes): OnrampState => {
  if (!request) return ((shownQuote = undefined), state);
  if (quotes.key === quoteKey(request) && !quotes.loading && quotes.data) shownQuote = quotes.data;
  else return { ...state, quote: shownQuote, purchaseAmount: shownQuote?.purchaseAmount.amount, quotesLoading: true };
  return { ...state, quote: shownQuote, purchaseAmount: shownQuote.purchaseAmount.amount };
});

/** What each provider sells on the active network; undefined until the options are loaded. */
export const $onrampOffers = computed([$onramp, $activeNetwork], (state, network): ProviderOffer[] | undefined => {
  const { options, optionsSource, providers } = state;
  return options ? providers.map((p) => providerOffer(p, options, optionsSource, network)) : undefined;
});

/** The provider the Buy view buys from: the chosen one, else the first. */
export const providerOf = (state: OnrampState): OnrampProvider => state.selectedProvider ?? state.providers[0]!;

/** What the chosen provider sells on the active network (undefined until the options are loaded). */
export function currentOffer(state = $onramp.get()): ProviderOffer | undefined {
  const provider = providerOf(state);
  return state.options ? providerOffer(provider, state.options, state.optionsSource, $activeNetwork.get()) : undefined;
}

/** Loads the options now (the views' listening loads them too). Never rejects. */
export const loadOptions = (): Promise<void> => $loadedOptions.fetch();

export function selectProvider(provider: OnrampProvider): void {
  $form.setKey('selectedProvider', provider);
}

export function setPaymentAmount(amount: string): void {
  $form.setKey('paymentAmount', amount.trim().replace(',', '.'));
}

export function setPurchaseCurrency(currency: PurchaseCurrency): void {
  $form.setKey('purchaseCurrency', currency);
}

export function setPaymentCurrency(currency: PaymentCurrency): void {
  $form.setKey('paymentCurrency', currency);
}

/** Asks the quote of the current amount and currencies now, without waiting for typing to pause (submit). Never rejects. */
export function getQuote(): Promise<void> {
  clearTimeout(quoteTimer);
  const request = $quoteRequest.get();
  if (quoteKey(request) !== quoteKey($quoteAsked.get())) $quoteAsked.set(request);
  return $quotes.fetch();
}

/** Spec 4: clears everything (a pending quote included); a view still listening loads the options again. */
export function resetOnramp(): void {
  clearTimeout(quoteTimer);
  $form.set({ ...EMPTY_FORM });
  $quoteAsked.set(undefined);
  $quotes.reset();
  $loadedOptions.reset();
  $loadedOptions.invalidate();
}
