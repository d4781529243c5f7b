/**
 * The Swap state and actions (issue 19; spec sections 7, 8, 9): the DEX's tokens of the active
 * chain with the account's balances and USD prices, the pair and the amount (checked as typed),
 * a quote fetched once typing pauses (SWAP_QUOTE_DELAY_MS; an answer for an older amount or
 * pair never replaces a newer one; the tokens and the quote are fetcher stores that load while
 * the Swap views listen, the quote keyed by a debounced request), the gas price, the DEX's allowance, and the slippage
 * tolerance (DEFAULT_SLIPPAGE, 0.1 to 50). Approving and swapping are in swap-submit.ts.
 */
import { atom, computed, map, onMount } from 'nanostores';
import { DEFAULT_SLIPPAGE, NATIVE_TOKEN_ADDRESS } from '../../wire/convert-api.js';
import { formatUnits } from '../../core/format.js';
import { $activeAccount } from '../connection/account.js';
import { $activeNetwork } from '../network/networks.js';
import { $balances, fetchBalances } from '../portfolio/balances.js';
import { $locale } from '../ui/locale.js';
import { createFetcherStore } from '../app/fetcher.js';
import { $modal } from '../ui/modal.js';
import { $router } from '../ui/router.js';
import { getSwapApi } from './swap-client.js';
import { $catalogue } from './swap-catalogue.js';
import {
  SWAP_GAS_LIMIT,
  amountProblem,
  isNativeToken,
  maxAmount,
  minimumReceived,
  parseSwapAmount,
  slippageProblem,
  type ShownQuote,
  type SwapState,
  type SwapStatus,
  type SwapTokenInfo,
} from './swap-rules.js';

export * from './swap-rules.js';
export { isSwapNetwork } from './swap-catalogue.js';

/** How long typing must pause before a quote is asked for. */
export const SWAP_QUOTE_DELAY_MS = 300;

/** What the form and the transactions write; the tokens and the quote are fetcher stores. */
interface Stored {
  /** A transaction's state ('idle' otherwise: loading and quoting are the fetcher stores'). */
  status: SwapStatus;
  fromId: string | undefined;
  toId: string | undefined;
  amount: string;
  slippage: string;
  slippageProblem: 'SLIPPAGE' | undefined;
  /** A transaction's failure. */
  error: unknown;
  approveHash: string | undefined;
  swapHash: string | undefined;
}

const EMPTY: Stored = {
  status: 'idle',
  fromId: undefined,
  toId: undefined,
  amount: '',
  slippage: DEFAULT_SLIPPAGE,
  slippageProblem: undefined,
  error: undefined,
  approveHash: undefined,
  swapHash: undefined,
};

/** What the actions write; $swap is what the views read. */
export const $swapStore = map<Stored>({ ...EMPTY });

const lower = (id: string) => id.toLowerCase();

/** The DEX's tokens with the account's balances (the native coin's read from the chain), held ones first. */
export const $swapTokens = computed([$catalogue, $balances, $activeAccount, $activeNetwork], (catalogue, balances, account, network) => {
  const held = new Map<string, { balance: string; price: number }>();
  const current = network && balances.key?.startsWith(`${network.caipNetworkId}|`) ? balances.tokens : [];
  for (const t of current) {
    const id = t.address ? lower(t.address) : `${lower(network!.caipNetworkId)}:${NATIVE_TOKEN_ADDRESS}`;
    held.set(id, { balance: t.quantity.numeric, price: t.price });
  }
  const { tokens = [], prices = {} } = catalogue.data ?? {};
  const list = tokens.map((t): SwapTokenInfo => {
    const mine = held.get(lower(t.address));
    const native = isNativeToken(t.address);
    const balance = native ? (account.balance ?? mine?.balance ?? '0') : (mine?.balance ?? '0');
    const price = mine?.price || prices[t.symbol.toUpperCase()] || 0;
    return { id: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, logoUri: t.logoUri, balance, price };
  });
  const has = (t: SwapTokenInfo) => (Number(t.balance) > 0 ? 0 : 1);
  return list
    .map((t, i) => ({ t, i }))
    .sort((a, b) => has(a.t) - has(b.t) || a.i - b.i)
    .map((x) => x.t);
});

/** The form with the DEX's tokens: `from` is the chosen token while the chain has it, else the native coin. */
const $form = computed([$swapStore, $swapTokens, $catalogue, $locale], (store, tokens, catalogue) => {
  const byId = (id: string | undefined) => (id ? tokens.find((t) => lower(t.id) === lower(id)) : undefined);
  const from = byId(store.fromId) ?? tokens.find((t) => isNativeToken(t.id)) ?? tokens[0];
  const to = byId(store.toId);
  const problem = from && to && lower(from.id) === lower(to.id) ? 'SAME_TOKEN' : amountProblem(store.amount, from);
  return { store, tokens, from, to, catalogue, parsedAmount: parseSwapAmount(store.amount, from), amountProblem: problem };
});

interface QuoteRequest {
  amount: string;
  userAddress: string;
  from: string;
  to: string;
  gasPrice: string | undefined;
}

/** The quote the form asks for now; none while it cannot be quoted. */
const $quoteRequest = computed([$form, $activeAccount], (form, account): QuoteRequest | undefined => {
  const { from, to, amountProblem: problem, parsedAmount, catalogue } = form;
  if (!getSwapApi() || !account.caipAddress || !from || !to || problem || !parsedAmount?.ok) return undefined;
  const gasPrice = catalogue.data?.gasPrice?.toString();
  return { amount: parsedAmount.units.toString(), userAddress: account.caipAddress, from: from.id, to: to.id, gasPrice };
});
const requestKey = (request: QuoteRequest | undefined): string | undefined => request && JSON.stringify(request).toLowerCase();

/** The quote request once typing has paused for SWAP_QUOTE_DELAY_MS (at once when there is none). */
const $quoteAsked = atom<QuoteRequest | undefined>(undefined);
let quoteTimer: ReturnType<typeof setTimeout> | undefined;
onMount($quoteAsked, () => {
  const stop = $quoteRequest.subscribe((request) => {
    clearTimeout(quoteTimer);
    if (requestKey(request) === requestKey($quoteAsked.get())) return;
    if (!request) return $quoteAsked.set(undefined);
    quoteTimer = setTimeout(() => $quoteAsked.set(request), SWAP_QUOTE_DELAY_MS);
  });
  return () => (clearTimeout(quoteTimer), stop());
});

/** A quote and the DEX's allowance of a token on the from side (none for the native coin). */
const $quotes = createFetcherStore<{ quote: ShownQuote; allowance: bigint | undefined }, QuoteRequest>($quoteAsked, {
  key: (r) => requestKey(r)!,
  lifetimeMs: 10_000,
  maxEntries: 8,
  fetcher: async (request, { key }) => {
    const api = getSwapApi();
    if (!api) throw new Error('No Blockchain API');
    const [quote, allowance] = await Promise.all([
      api.getQuote(request),
      isNativeToken(request.from)
        ? Promise.resolve(undefined)
        : api.getAllowance({ tokenAddress: request.from, userAddress: request.userAddress }),
    ]);
    return { quote: { ...quote, key }, allowance };
  },
});

/**
 * The whole form as the views show it: the chosen tokens with balances, the amount parsed (in
 * the active locale: it follows a locale change) and its problem, the quote of the amount as it
 * is now (an answer for an older amount or pair never shows), and what is loading or failed.
 */
export const $swap = computed([$form, $quoteRequest, $quotes], (form, request, quotes): SwapState => {
  const { store, catalogue } = form;
  const key = requestKey(request);
  const answered = key !== undefined && quotes.key === key && !quotes.loading ? quotes : undefined;
  const quoting = key !== undefined && !answered;
  const failure = catalogue.error ?? answered?.error;
  const status = store.status !== 'idle' ? store.status : failure !== undefined ? 'error' : quoting ? 'quoting' : 'idle';
  const { fromId: _f, toId: _t, ...rest } = store;
  return {
    ...rest,
    status,
    error: store.status !== 'idle' ? store.error : failure,
    loadingTokens: catalogue.loading,
    tokens: form.tokens,
    from: form.from,
    to: form.to,
    parsedAmount: form.parsedAmount,
    amountProblem: form.amountProblem,
    quote: answered?.error === undefined ? answered?.data?.quote : undefined,
    gasPrice: catalogue.data?.gasPrice,
    allowance: answered?.error === undefined ? answered?.data?.allowance : undefined,
  };
});

/** The amount in base units of `from` when the form can be quoted. */
export function quotable(state: SwapState): bigint | undefined {
  if (!state.from || !state.to || state.amountProblem || !state.parsedAmount?.ok) return undefined;
  return state.parsedAmount.units;
}

/** The details under the form: network fee (wei), minimum received (base units of `to`), and whether approval is needed. */
export const $swapDetails = computed($swap, (state) => {
  const units = quotable(state);
  const fresh = state.quote && units !== undefined && state.quote.fromAmount === units.toString() ? state.quote : undefined;
  const problem = slippageProblem(state.slippage);
  return {
    quote: fresh,
    networkFeeWei: state.gasPrice !== undefined ? state.gasPrice * SWAP_GAS_LIMIT : undefined,
    minimumReceived: fresh && !problem ? minimumReceived(BigInt(fresh.toAmount), state.slippage) : undefined,
    needsApproval: units !== undefined && state.allowance !== undefined && state.allowance < units,
  };
});

const patch = (next: Partial<Stored>) => $swapStore.set({ ...$swapStore.get(), ...next });

/** The active account as CAIP-10 (what the routes take as userAddress). */
export const userCaip = (): string | undefined => $activeAccount.get().caipAddress;

/** The allowance read after an approval: the quote shown needs no second approval. */
export function setAllowance(allowance: bigint): void {
  const shown = $quotes.get();
  if (shown.data && shown.key === requestKey($quoteAsked.get())) $quotes.mutate({ ...shown.data, allowance });
}

/** 'Try again' after a failed load: the tokens or the quote are asked again. */
export function retrySwapLoads(): void {
  if ($catalogue.get().error !== undefined) void $catalogue.revalidate();
  if ($quotes.get().error !== undefined) void $quotes.revalidate();
}

/** Loads the DEX's tokens and the balances now (the Swap views' listening loads them too). Never rejects. */
export async function initSwap(): Promise<void> {
  await Promise.all([$catalogue.fetch(), fetchBalances()]);
}

const setPair = (fromId: string | undefined, toId: string | undefined): void => patch({ fromId, toId });

export const setFromToken = (id: string): void => {
  const { from, to } = $swap.get();
  // Picking the other side's token switches the pair.
  setPair(id, to && lower(to.id) === lower(id) ? from?.id : to?.id);
};

export const setToToken = (id: string): void => {
  const { from, to } = $swap.get();
  setPair(from && lower(from.id) === lower(id) ? to?.id : from?.id, id);
};

/** Swaps the two sides; the quoted amount becomes the amount typed. */
export function switchTokens(): void {
  const { from, to, amount } = $swap.get();
  const { quote } = $swapDetails.get();
  patch({ amount: quote && to ? formatUnits(BigInt(quote.toAmount), to.decimals) : amount });
  setPair(to?.id, from?.id);
}

/** The amount typed; its problem shows at once, the quote follows once typing pauses. */
export function setAmount(amount: string): void {
  patch({ amount: amount.trim() });
}

/** Max: the whole balance of `from`; for the native coin less the gas a swap may take. */
export function setMax(): void {
  const { from, gasPrice } = $swap.get();
  if (from) setAmount(maxAmount(from, gasPrice));
}

/** The slippage tolerance in percent; outside 0.1 to 50 (or not a number) is marked and not used. */
export function setSlippage(value: string): void {
  const slippage = value.trim();
  patch({ slippage, slippageProblem: slippageProblem(slippage) });
}

/** Clears the form; leaving for the token list or the preview keeps it, and so does a transaction under way. */
export function resetSwap(): void {
  const { status } = $swapStore.get();
  if (status === 'approving' || status === 'swapping') return;
  clearTimeout(quoteTimer);
  $quoteAsked.set(undefined);
  $swapStore.set({ ...EMPTY });
}

/**
 * A Swap view left: the form resets unless the user went to another Swap view of the open modal
 * (checked once the modal and the router have settled: closing removes the view first).
 */
export function leaveSwap(): void {
  setTimeout(() => {
    if (!$modal.get().open || !$router.get().view.startsWith('Swap')) resetSwap();
  }, 0);
}
