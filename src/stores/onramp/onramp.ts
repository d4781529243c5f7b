/**
 * The on-ramp state and actions (spec sections 3, 4, 8): the providers and the chosen one, the
 * options (from the Blockchain API, the sample options when that fails), the purchase and
 * payment currencies (defaults USDC and USD; only a currency the chosen provider sells on the
 * active network, USDC when it is one, else the first; none when it sells nothing there, see
 * offer.ts), the amount checked against the payment method's
 * limits, and the quote (debounced; the placeholder 'mocked-quote-id' when it fails). Used only by
 * the lazy on-ramp views, so it loads with them.
 */
import { computed, map } from 'nanostores';
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

const EMPTY: OnrampState = {
  providers: ONRAMP_PROVIDERS,
  selectedProvider: undefined,
  options: undefined,
  optionsSource: undefined,
  purchaseCurrency: undefined,
  paymentCurrency: undefined,
  paymentAmount: '',
  purchaseAmount: undefined,
  quote: undefined,
  error: undefined,
  loading: false,
  quotesLoading: false,
};

export const $onramp = map<OnrampState>({ ...EMPTY });

let api: { key: string; api: OnrampApi } | undefined;
let apiDeps: { fetch?: typeof fetch; attempts?: number; timeoutMs?: number } = {};
let generation = 0;
/** Bumped by every reset: a reply for the state before it is dropped. */
let resets = 0;
let quoteTimer: ReturnType<typeof setTimeout> | undefined;

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

/** The purchase currency for `state`: the chosen one while it is on offer, else USDC when it is, else the first on offer. */
function pickPurchaseCurrency(state: OnrampState): PurchaseCurrency | undefined {
  const offered = currentOffer(state)?.currencies ?? [];
  return offered.find((c) => c.id === state.purchaseCurrency?.id) ?? offered.find((c) => c.id === DEFAULT_PURCHASE_CURRENCY) ?? offered[0];
}

/** After the provider, the options or the network changed: a currency on offer, and the quote asked again. */
function repick(): void {
  const state = $onramp.get();
  if (!state.options) return;
  const purchaseCurrency = pickPurchaseCurrency(state);
  if (purchaseCurrency === state.purchaseCurrency) return;
  $onramp.setKey('purchaseCurrency', purchaseCurrency);
  scheduleQuote();
}

// Another active network offers other currencies (and may offer none).
$activeNetwork.listen(() => repick());

/** Loads the options (once); a failure, or no Blockchain API, gives the sample options (spec 8). */
export async function loadOptions(): Promise<void> {
  if ($onramp.get().options || $onramp.get().loading) return;
  const mine = resets;
  $onramp.setKey('loading', true);
  let options: OnrampOptions;
  let source: 'api' | 'sample' = 'api';
  try {
    const client = getOnrampApi();
    if (!client) throw new Error('No blockchainApiUrl');
    options = await client.getOptions();
  } catch {
    options = SAMPLE_OPTIONS;
    source = 'sample';
  }
  if (mine !== resets) return;
  const state = $onramp.get();
  const paymentCurrency =
    state.paymentCurrency ?? options.paymentCurrencies.find((c) => c.id === DEFAULT_PAYMENT_CURRENCY) ?? options.paymentCurrencies[0];
  const next = { ...state, options, optionsSource: source, loading: false, paymentCurrency };
  $onramp.set({ ...next, purchaseCurrency: pickPurchaseCurrency(next) });
}

export function selectProvider(provider: OnrampProvider): void {
  $onramp.setKey('selectedProvider', provider);
  repick();
}

/** Asks for a quote after typing pauses (QUOTE_DEBOUNCE_MS). */
function scheduleQuote(): void {
  clearTimeout(quoteTimer);
  const { paymentAmount, error, purchaseCurrency } = $onramp.get();
  if (!paymentAmount || error || !activeNetworkOf(purchaseCurrency)) {
    $onramp.set({ ...$onramp.get(), quote: undefined, purchaseAmount: undefined, quotesLoading: false });
    return;
  }
  $onramp.setKey('quotesLoading', true);
  quoteTimer = setTimeout(() => void getQuote(), QUOTE_DEBOUNCE_MS);
}

export function setPaymentAmount(amount: string): void {
  const value = amount.trim().replace(',', '.');
  $onramp.set({ ...$onramp.get(), paymentAmount: value, error: amountProblem(value, $onramp.get().paymentCurrency) });
  scheduleQuote();
}

export function setPurchaseCurrency(currency: PurchaseCurrency): void {
  $onramp.setKey('purchaseCurrency', currency);
  scheduleQuote();
}

export function setPaymentCurrency(currency: PaymentCurrency): void {
  const { paymentAmount } = $onramp.get();
  $onramp.set({ ...$onramp.get(), paymentCurrency: currency, error: amountProblem(paymentAmount, currency) });
  scheduleQuote();
}

/** The quote of the current amount and currencies; a failure gives the placeholder quote (spec 8). */
export async function getQuote(): Promise<void> {
  clearTimeout(quoteTimer);
  const { purchaseCurrency, paymentCurrency, paymentAmount, error } = $onramp.get();
  if (!purchaseCurrency || !paymentCurrency || !paymentAmount || error) return;
  const mine = ++generation;
  // Only what is sold on the active network is quoted (never another network's price).
  const network = activeNetworkOf(purchaseCurrency);
  if (!network) return void $onramp.set({ ...$onramp.get(), quote: undefined, purchaseAmount: undefined, quotesLoading: false });
  let quote: OnrampQuote;
  try {
    const client = getOnrampApi();
    $onramp.setKey('quotesLoading', true);
    if (!client) throw new Error('No quote source');
    quote = await client.getQuote({
      purchaseCurrency: purchaseCurrency.id,
      paymentCurrency: paymentCurrency.id,
      amount: paymentAmount,
      network: network.name,
    });
  } catch {
    quote = placeholderQuote(paymentAmount, paymentCurrency.id, purchaseCurrency.id);
  }
  if (mine !== generation) return;
  $onramp.set({ ...$onramp.get(), quote, purchaseAmount: quote.purchaseAmount.amount, quotesLoading: false });
}

/** Spec 4: clears everything (a pending quote included). */
export function resetOnramp(): void {
  generation++;
  resets++;
  clearTimeout(quoteTimer);
  $onramp.set({ ...EMPTY });
}
