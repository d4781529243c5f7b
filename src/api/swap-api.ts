/**
 * The client of the Blockchain API's swap ("convert") routes (spec section 7): the tokens a
 * chain's DEX trades, quotes, the DEX's allowance, gas prices, and the transactions to approve
 * and to swap, which a wallet sends as they are. Replies are parsed with the wire schemas of
 * src/wire/convert-api.ts; a route's refusal ('Network not supported for Swaps') is an ApiError
 * whose `details` carry the server's text.
 */
import { InvalidReplyError } from './errors.js';
import { buildUrl, definedDeps, type HttpDeps, httpRequest, type Query, sdkQuery } from './http.js';
import {
  gasPriceReplySchema,
  swapAllowanceReplySchema,
  swapQuotesReplySchema,
  swapTokensReplySchema,
  swapTransactionReplySchema,
  type BuildSwapBody,
  type GasPrice,
  type SwapQuote,
  type SwapToken,
  type SwapTransaction,
} from '../wire/convert-api.js';
import type { RequestSignal } from './provider-api.js';

export interface SwapApiOptions extends HttpDeps {
  blockchainApiUrl: string;
  projectId: string;
  /** Per-attempt timeout; default 10 s. */
  timeoutMs?: number;
  /** Attempts per request; default 3. */
  attempts?: number;
}

/** A quote request: `amount` in base units of `from`; tokens and user as CAIP-10 ids; `gasPrice` in wei. */
export interface SwapQuoteParams {
  amount: string;
  userAddress: string;
  from: string;
  to: string;
  gasPrice?: string | undefined;
}

export interface SwapApi {
  /** The tokens the DEX of `chainId` (CAIP-2) trades. */
  getTokens(chainId: string, options?: RequestSignal): Promise<SwapToken[]>;
  /** The first quote for the trade (the route's best). */
  getQuote(params: SwapQuoteParams, options?: RequestSignal): Promise<SwapQuote>;
  /** What the DEX may spend of `tokenAddress` (CAIP-10) for `userAddress` (CAIP-10), in base units. */
  getAllowance(params: { tokenAddress: string; userAddress: string }, options?: RequestSignal): Promise<bigint>;
  getGasPrice(chainId: string, options?: RequestSignal): Promise<GasPrice>;
  /** The swap's transaction, its minimum out set from the slippage. */
  buildTransaction(body: Omit<BuildSwapBody, 'projectId'>, options?: RequestSignal): Promise<SwapTransaction>;
  /** The approval of the DEX to spend `from` (CAIP-10) for `userAddress`. */
  buildApprove(params: { userAddress: string; from: string; to: string }, options?: RequestSignal): Promise<SwapTransaction>;
}

export function createSwapApi(options: SwapApiOptions): SwapApi {
  const { blockchainApiUrl, projectId } = options;
  const deps = definedDeps(options);
  const sdk = sdkQuery(projectId);
  const url = (path: string, query: Query = {}) => buildUrl(blockchainApiUrl, `/v1/convert/${path}`, { ...query, ...sdk });

  return {
    async getTokens(chainId, { signal } = {}) {
      const reply = await httpRequest(url('tokens', { chainId }), { ...deps, signal, schema: swapTokensReplySchema });
      return reply.tokens;
    },

    async getQuote({ amount, userAddress, from, to, gasPrice }, { signal } = {}) {
      const address = url('quotes', { amount, userAddress, from, to, gasPrice });
      const reply = await httpRequest(address, { ...deps, signal, schema: swapQuotesReplySchema });
      const [quote] = reply.quotes;
      if (!quote) throw new InvalidReplyError(address, '/v1/convert/quotes', `No quote for ${from} to ${to}`);
      return quote;
    },

    async getAllowance({ tokenAddress, userAddress }, { signal } = {}) {
      const reply = await httpRequest(url('allowance', { tokenAddress, userAddress }), {
        ...deps,
        signal,
        schema: swapAllowanceReplySchema,
      });
      return BigInt(reply.allowance);
    },

    getGasPrice: (chainId, { signal } = {}) => httpRequest(url('gas-price', { chainId }), { ...deps, signal, schema: gasPriceReplySchema }),

    async buildTransaction(body, { signal } = {}) {
      const reply = await httpRequest(url('build-transaction'), {
        ...deps,
        signal,
        method: 'POST',
        body: { projectId, ...body },
        schema: swapTransactionReplySchema,
      });
      return reply.tx;
    },

    async buildApprove({ userAddress, from, to }, { signal } = {}) {
      const reply = await httpRequest(url('build-approve', { userAddress, from, to }), {
        ...deps,
        signal,
        schema: swapTransactionReplySchema,
      });
      return reply.tx;
    },
  };
}
