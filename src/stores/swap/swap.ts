/**
 * The Swap state and actions (issue 19; spec sections 7, 8, 9): the DEX's tokens of the active
 * chain with the account's balances and USD prices, the pair and the amount (checked as typed),
 * a quote fetched once typing pauses (SWAP_QUOTE_DELAY_MS; an answer for an older amount or
 * pair never replaces a newer one), the gas price, the DEX's allowance, and the slippage
 * tolerance (DEFAULT_SLIPPAGE, 0.1 to 50). Approving and swapping are in swap-submit.ts.
 */
import { computed, map } from 'nanostores';
import { DEFAULT_SLIPPAGE, LOCAL_SWAP_NETWORKS, NATIVE_TOKEN_ADDRESS, SWAP_NETWORKS, type SwapToken } from '../../wire/convert-api.js';
import { formatUnits } from '../../core/format.js';
import type { Network } from '../../wire/networks.js';
import { chainRules } from '../../chains/registry.js';
import { $activeAccount } from '../connection/account.js';
import { $activeNetwork } from '../network/networks.js';
import { $balances, fetchBalances } from '../portfolio/balances.js';
import { $locale } from '../ui/locale.js';
import { getBlockchainApi } from '../portfolio/blockchain.js';
import { $modal } from '../ui/modal.js';
import { $router } from '../ui/router.js';
import { getSwapApi } from './swap-client.js';
import {
  SWAP_GAS_LIMIT,
  amountProblem,
  isNativeToken,
  maxAmount,
  minimumReceived,
  parseSwapAmount,
  slippageProblem,
  type SwapState,
  type SwapTokenInfo,
} from './swap-rules.js';

export * from './swap-rules.js';

/** How long typing must pause before a quote is asked for. */
export const SWAP_QUOTE_DELAY_MS = 300;

/** The DEX's tokens and their USD prices (by upper-case symbol), as loaded by initSwap(). */
interface Catalogue {
  tokens: SwapToken[];
  prices: Record<string, number>;
  fromId: string | undefined;
  toId: string | undefined;
}

type Stored = Omit<SwapState, 'tokens' | 'from' | 'to' | 'parsedAmount' | 'amountProblem'> & Catalogue;

const EMPTY: Stored = {
  status: 'idle',
  loadingTokens: false,
  tokens: [],
  prices: {},
  fromId: undefined,
  toId: undefined,
  amount: '',
  quote: undefined,
  slippage: DEFAULT_SLIPPAGE,
  slippageProblem: undefined,
  gasPrice: undefined,
  allowance: undefined,
  error: undefined,
  approveHash: undefined,
  swapHash: undefined,
};

/** What the actions write; $swap is what the views read. */
export const $swapStore = map<Stored>({ ...EMPTY });

/** Whether the Swap feature serves `network`: eip155 and one of the swap networks (or the local DEX chain). */
export const isSwapNetwork = (network: Network | undefined): boolean =>
  !!chainRules(network?.chainNamespace)?.features?.swap &&
  !!network &&
  (SWAP_NETWORKS.includes(network.caipNetworkId) || LOCAL_SWAP_NETWORKS.includes(network.caipNetworkId));

const lower = (id: string) => id.toLowerCase();

/** The DEX's tokens with the account's balances (the native coin's read from the chain), held ones first. */
export const $swapTokens = computed([$swapStore, $balances, $activeAccount, $activeNetwork], (store, balances, account, network) => {
  const held = new Map<string, { balance: string; price: number }>();
  const current = network && balances.key?.startsWith(`${network.caipNetworkId}|`) ? balances.tokens : [];
  for (const t of current) {
    const id = t.address ? lower(t.address) : `${lower(network!.caipNetworkId)}:${NATIVE_TOKEN_ADDRESS}`;
    held.set(id, { balance: t.quantity.numeric, price: t.price });
  }
  const list = store.tokens.map((t): SwapTokenInfo => {
    const mine = held.get(lower(t.address));
    const native = isNativeToken(t.address);
    const balance = native ? (account.balance ?? mine?.balance ?? '0') : (mine?.balance ?? '0');
    const price = mine?.price || store.prices[t.symbol.toUpperCase()] || 0;
    return { id: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, logoUri: t.logoUri, balance, price };
  });
  const has = (t: SwapTokenInfo) => (Number(t.balance) > 0 ? 0 : 1);
  return list
    .map((t, i) => ({ t, i }))
    .sort((a, b) => has(a.t) - has(b.t) || a.i - b.i)
    .map((x) => x.t);
});

/**
 * The whole form as the views show it: the chosen tokens with balances, the amount parsed (in
 * the active locale: it follows a locale change) and its problem.
 */
export const $swap = computed([$swapStore, $swapTokens, $locale], ({ fromId, toId, prices: _, ...store }, tokens): SwapState => {
  const from = tokens.find((t) => fromId && lower(t.id) === lower(fromId));
  const to = tokens.find((t) => toId && lower(t.id) === lower(toId));
  const problem = from && to && lower(from.id) === lower(to.id) ? 'SAME_TOKEN' : amountProblem(store.amount, from);
  return { ...store, tokens, from, to, parsedAmount: parseSwapAmount(store.amount, from), amountProblem: problem };
});

/** The amount in base units of `from` when the form can be quoted. */
export function quotable(state: SwapState): bigint | undefined {
  if (!state.from || !state.to || state.amountProblem || !state.parsedAmount?.ok) return undefined;
  return state.parsedAmount.units;
}

const quoteKey = (s: Pick<Stored, 'fromId' | 'toId' | 'amount'>) => `${s.fromId ?? ''}|${s.toId ?? ''}|${s.amount}`.toLowerCase();

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

let quoteRun = 0;
let quoteTimer: ReturnType<typeof setTimeout> | undefined;
let initRun = 0;

/** The active account as CAIP-10 (what the routes take as userAddress). */
export const userCaip = (): string | undefined => $activeAccount.get().caipAddress;

/** Asks for a quote (and the allowance of a token) for the form as it is now; a late answer for other inputs is dropped. */
export async function refreshQuote(): Promise<void> {
  clearTimeout(quoteTimer);
  const state = $swap.get();
  const api = getSwapApi();
  const units = quotable(state);
  const user = userCaip();
  const mine = ++quoteRun;
  if (!api || units === undefined || !user || !state.from || !state.to) {
    if (state.status === 'quoting') patch({ status: 'idle' });
    return;
  }
  const key = quoteKey($swapStore.get());
  const current = () => mine === quoteRun && quoteKey($swapStore.get()) === key;
  patch({ status: 'quoting', error: undefined });
  const from = state.from.id;
  try {
    const [quote, allowance] = await Promise.all([
      api.getQuote({ amount: units.toString(), userAddress: user, from, to: state.to.id, gasPrice: state.gasPrice?.toString() }),
      isNativeToken(from) ? Promise.resolve(undefined) : api.getAllowance({ tokenAddress: from, userAddress: user }),
    ]);
    if (!current()) return;
    patch({ status: 'idle', quote: { ...quote, key }, allowance });
  } catch (err) {
    if (current()) patch({ status: 'error', error: err, quote: undefined });
  }
}

/** A quote once typing pauses; nothing is asked while the form cannot be quoted. */
function scheduleQuote(): void {
  clearTimeout(quoteTimer);
  quoteRun++;
  if (quotable($swap.get()) === undefined) {
    if ($swapStore.get().status === 'quoting') patch({ status: 'idle' });
    return;
  }
  patch({ status: 'quoting', error: undefined });
  quoteTimer = setTimeout(() => void refreshQuote(), SWAP_QUOTE_DELAY_MS);
}

/** Reads the USD prices of the DEX's tokens (best effort: a token without one shows no fiat value). */
async function loadPrices(tokens: SwapToken[]): Promise<Record<string, number>> {
  const api = getBlockchainApi();
  if (!api || tokens.length === 0) return {};
  try {
    const prices = await api.getFungiblePrices(tokens.map((t) => t.address));
    // The reply names tokens by symbol only.
    const bySymbol: Record<string, number> = {};
    for (const p of prices) bySymbol[p.symbol.toUpperCase()] = p.price;
    return bySymbol;
  } catch {
    return {};
  }
}

/**
 * Loads the DEX's tokens of the active chain, the gas price, the balances and prices; the
 * native coin is the default `from`. A chain the routes refuse shows their text ('Network not
 * supported for Swaps'). Never rejects.
 */
export async function initSwap(): Promise<void> {
  const api = getSwapApi();
  const network = $activeNetwork.get();
  const mine = ++initRun;
  patch({ loadingTokens: true, error: undefined, status: 'idle' });
  if (!api || !network) {
    patch({ loadingTokens: false });
    return;
  }
  const chainId = network.caipNetworkId;
  try {
    const [tokens, gas] = await Promise.all([
      api.getTokens(chainId),
      api.getGasPrice(chainId).then(
        (g) => BigInt(g.standard),
        () => undefined,
      ),
      fetchBalances(),
    ]);
    const prices = await loadPrices(tokens);
    if (mine !== initRun) return;
    const { fromId } = $swapStore.get();
    const keep = fromId && tokens.some((t) => lower(t.address) === lower(fromId));
    const native = tokens.find((t) => isNativeToken(t.address)) ?? tokens[0];
    patch({ loadingTokens: false, tokens, prices, gasPrice: gas, fromId: keep ? fromId : native?.address });
    scheduleQuote();
  } catch (err) {
    if (mine === initRun) patch({ loadingTokens: false, status: 'error', error: err });
  }
}

function setPair(fromId: string | undefined, toId: string | undefined): void {
  patch({ fromId, toId, quote: undefined, allowance: undefined });
  scheduleQuote();
}

export const setFromToken = (id: string): void => {
  const { toId } = $swapStore.get();
  // Picking the other side's token switches the pair.
  setPair(id, toId && lower(toId) === lower(id) ? $swapStore.get().fromId : toId);
};

export const setToToken = (id: string): void => {
  const { fromId } = $swapStore.get();
  setPair(fromId && lower(fromId) === lower(id) ? $swapStore.get().toId : fromId, id);
};

/** Swaps the two sides; the quoted amount becomes the amount typed. */
export function switchTokens(): void {
  const { fromId, toId, amount } = $swapStore.get();
  const { quote } = $swapDetails.get();
  const to = $swap.get().to;
  patch({ amount: quote && to ? formatUnits(BigInt(quote.toAmount), to.decimals) : amount });
  setPair(toId, fromId);
}

/** The amount typed; its problem shows at once, the quote follows once typing pauses. */
export function setAmount(amount: string): void {
  patch({ amount: amount.trim(), quote: undefined });
  scheduleQuote();
}

/** Max: the whole balance of `from`; for the native coin less the gas a swap may take. */
export function setMax(): void {
  const { from } = $swap.get();
  if (from) setAmount(maxAmount(from, $swapStore.get().gasPrice));
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
  quoteRun++;
  initRun++;
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
