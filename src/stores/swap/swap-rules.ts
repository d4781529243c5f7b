/**
 * The Swap form's shapes and pure rules (issue 19, spec sections 5, 8, 9): amounts typed and in
 * base units, what is wrong with an amount or a slippage, the minimum received, the price, the
 * gas kept back by Max, and the text of a failed swap. The state and actions are in swap.ts.
 */
import { balanceUnits, type AmountReason, type ParsedAmount } from '../../core/amount.js';
import { formatUnits } from '../../core/format.js';
import { ApiError } from '../../api/errors.js';
import { NATIVE_TOKEN_ADDRESS, SLIPPAGE, SLIPPAGE_MAX, type SwapQuote } from '../../wire/convert-api.js';
import { parseTypedAmount } from '../ui/typed-amount.js';

/** A token of the DEX with what the account holds of it. */
export interface SwapTokenInfo {
  /** CAIP-10 id (`eip155:31337:0x…`; the native coin's address is NATIVE_TOKEN_ADDRESS). */
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri: string;
  /** Whole tokens held, as a decimal string ('0' when none). */
  balance: string;
  /** USD per token; 0 when unknown. */
  price: number;
}

/**
 * A problem of the form, as a code (the elements hold the texts): the amount parser's reasons
 * (src/core/amount.ts: not a number, exponent, more decimals than the token has, zero, ...),
 * INSUFFICIENT above the balance, SAME_TOKEN both sides the same, SLIPPAGE out of 0.1–50.
 */
export type SwapProblem = AmountReason | 'INSUFFICIENT' | 'SAME_TOKEN' | 'SLIPPAGE';

export type SwapStatus = 'idle' | 'quoting' | 'approving' | 'swapping' | 'success' | 'error';

/** The quote shown, with what it was asked for (so a late answer is known by its inputs). */
export interface ShownQuote extends SwapQuote {
  /** The key of the request it answers (the pair, the amount in base units, the account, the gas price). */
  key: string;
}

export interface SwapState {
  status: SwapStatus;
  /** The DEX's tokens are being loaded. */
  loadingTokens: boolean;
  tokens: SwapTokenInfo[];
  from: SwapTokenInfo | undefined;
  to: SwapTokenInfo | undefined;
  /** The amount as typed, in whole tokens of `from`. */
  amount: string;
  /** The amount typed, parsed in the active locale for `from` (undefined while nothing is typed or no `from`). */
  parsedAmount: ParsedAmount | undefined;
  /** What is wrong with the amount typed (shown as it is typed). */
  amountProblem: SwapProblem | undefined;
  quote: ShownQuote | undefined;
  /** Slippage tolerance in percent, as typed. */
  slippage: string;
  slippageProblem: 'SLIPPAGE' | undefined;
  /** Wei per gas (the route's standard speed); undefined until read. */
  gasPrice: bigint | undefined;
  /** What the DEX may spend of `from`, in base units; undefined for the native coin or until read. */
  allowance: bigint | undefined;
  /** A route's, the wallet's or the chain's failure: shown with the inputs kept. */
  error: unknown;
  approveHash: string | undefined;
  swapHash: string | undefined;
}

/** The lowest slippage tolerance the form takes, in percent. */
export const SLIPPAGE_MIN = 0.1;
/** Gas a Uniswap V2 swap takes at most (for the network fee shown and the gas Max keeps back). */
export const SWAP_GAS_LIMIT = 200_000n;

export const isNativeToken = (id: string | undefined): boolean => id?.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`) === true;

/** `amount` typed for `token`, parsed in the active locale; undefined while nothing is typed or no token is chosen. */
export function parseSwapAmount(amount: string, token: SwapTokenInfo | undefined): ParsedAmount | undefined {
  if (amount.trim() === '' || !token) return undefined;
  return parseTypedAmount(amount, token.decimals);
}

/** What is wrong with `amount` of `token`, if anything ('' is no problem: nothing typed yet). */
export function amountProblem(amount: string, token: SwapTokenInfo | undefined): SwapProblem | undefined {
  const parsed = parseSwapAmount(amount, token);
  if (!parsed || !token) return undefined;
  if (!parsed.ok) return parsed.reason;
  return parsed.units > balanceUnits(token.balance, token.decimals) ? 'INSUFFICIENT' : undefined;
}

/** Whether `value` is a slippage percentage the form takes: 0.1 to 50, at most 2 decimals. */
export function slippageProblem(value: string): 'SLIPPAGE' | undefined {
  if (!SLIPPAGE.test(value)) return 'SLIPPAGE';
  const n = Number(value);
  return n >= SLIPPAGE_MIN && n <= SLIPPAGE_MAX ? undefined : 'SLIPPAGE';
}

/** toAmount × (1 − slippage/100), rounded down, in base units (slippage in hundredths of a percent). */
export function minimumReceived(toAmount: bigint, slippage: string): bigint {
  const [whole = '0', part = ''] = slippage.split('.');
  const basisPoints = BigInt(whole) * 100n + BigInt(part.padEnd(2, '0').slice(0, 2) || '0');
  return (toAmount * (10_000n - basisPoints)) / 10_000n;
}

/** How many `to` tokens one `from` token gives at the quote (whole tokens, a decimal string). */
export function unitPrice(quote: SwapQuote, from: SwapTokenInfo, to: SwapTokenInfo): string {
  const fromAmount = BigInt(quote.fromAmount);
  if (fromAmount === 0n) return '0';
  // 18 extra digits of precision, then back to whole `to` tokens.
  const scaled = (BigInt(quote.toAmount) * 10n ** BigInt(from.decimals) * 10n ** 18n) / fromAmount;
  return formatUnits(scaled, to.decimals + 18);
}

/** The balance Max fills in: the whole token, or the native coin less the gas a swap may take. */
export function maxAmount(token: SwapTokenInfo, gasPrice: bigint | undefined): string {
  if (!isNativeToken(token.id)) return token.balance;
  const balance = balanceUnits(token.balance, token.decimals);
  // Without a gas price yet, keep back 1 gwei × 2 swaps' gas.
  const reserve = (gasPrice ?? 1_000_000_000n) * SWAP_GAS_LIMIT * 2n;
  return formatUnits(balance > reserve ? balance - reserve : 0n, token.decimals);
}

const REVERT = /reverted with reason string '([^']+)'|execution reverted:?\s*([^\n"]+)|(UniswapV2[A-Za-z0-9]*: [A-Z_]+)/;

/** The revert reason in an error or its causes (a wallet wraps the node's message), if any. */
export function revertReason(err: unknown): string | undefined {
  let next: unknown = err;
  for (let depth = 0; next && depth < 16; depth++) {
    // An Error, or a wallet's plain { code, message, data } object.
    const { message, details, cause } = (typeof next === 'object' ? next : { message: next }) as Record<string, unknown>;
    for (const text of [message, details]) {
      const match = typeof text === 'string' ? REVERT.exec(text) : null;
      const reason = match?.[1] ?? match?.[2] ?? match?.[3];
      if (reason) return reason.trim();
    }
    next = cause;
  }
  return undefined;
}

/**
 * The text of a swap failure that is data rather than a localized code: a router's revert
 * reason ('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'), or a route's refusal as the server said
 * it ('Network not supported for Swaps'). Undefined: the elements' errorMessage() says it.
 */
export function swapFailureDetail(err: unknown): string | undefined {
  const reason = revertReason(err);
  if (reason) return reason;
  if (err instanceof ApiError && err.details) return err.details;
  return undefined;
}
