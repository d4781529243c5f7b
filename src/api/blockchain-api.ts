/**
 * The Blockchain API client (spec section 7): supported chains, balances, prices, history,
 * NFTs, identity, name resolution, and the name registry (suggestions, registration). Every request carries projectId, st and sv as query parameters (the price
 * POST also has projectId in its body), so GETs stay CORS "simple" requests.
 */
import { ApiError } from './errors.js';
import { buildUrl, definedDeps, type HttpDeps, httpRequest, type Query, sdkQuery } from './http.js';
import {
  balanceReplySchema,
  feeEstimatesReplySchema,
  fungiblePriceReplySchema,
  historyReplySchema,
  identityReplySchema,
  nftsReplySchema,
  profileReplySchema,
  supportedChainsReplySchema,
  utxoReplySchema,
  type FeeEstimatesReply,
  type FungiblePrice,
  type HistoryReply,
  type Identity,
  type Nft,
  type Profile,
  type SupportedChainsReply,
  type TokenBalance,
  type UtxoReply,
} from '../wire/blockchain-api.js';
import type { RequestSignal } from './provider-api.js';
import {
  nameSuggestionsReplySchema,
  registerNameReplySchema,
  type NameSuggestionsReply,
  type RegisterNameBody,
} from '../wire/names-api.js';

export interface BlockchainApiOptions extends HttpDeps {
  blockchainApiUrl: string;
  projectId: string;
  /** Per-attempt timeout; default 10 s. */
  timeoutMs?: number;
  /** Attempts per request; default 3. */
  attempts?: number;
}

export interface BlockchainApi {
  readonly blockchainApiUrl: string;
  readonly projectId: string;
  getSupportedChains(options?: RequestSignal): Promise<SupportedChainsReply>;
  /** Token balances in USD of `address` on `chainId` (CAIP-2); `forceUpdate` skips the server's cache. */
  getBalances(address: string, params: { chainId: string; forceUpdate?: boolean }, options?: RequestSignal): Promise<TokenBalance[]>;
  /** Prices of tokens given as CAIP-10 ids. */
  getFungiblePrices(addresses: readonly string[], options?: RequestSignal): Promise<FungiblePrice[]>;
  /** One page of history, newest first; pass the previous reply's `next` as `cursor`. */
  getHistory(address: string, params: { chainId: string; cursor?: string | undefined }, options?: RequestSignal): Promise<HistoryReply>;
  getNfts(address: string, params: { chainId: string }, options?: RequestSignal): Promise<Nft[]>;
  getIdentity(address: string, params: { sender?: string | undefined; chainId: string }, options?: RequestSignal): Promise<Identity>;
  /**
   * The profile of a name (`GET /v1/profile/account/{name}`, apiVersion 2): its addresses by
   * coin type (`"60"` is the EVM address) and avatar. Null when the server has no such name (404).
   */
  resolveName(name: string, options?: RequestSignal): Promise<Profile | null>;
  /** Names like `label` in `zone` (the server's when absent): the name itself first, `registered` when taken. */
  getNameSuggestions(label: string, params: { zone?: string | undefined }, options?: RequestSignal): Promise<NameSuggestionsReply>;
  /** Registers a signed name (POST /v1/profile/account); sent once, never retried. Rejects with ApiError on a refusal. */
  registerName(body: RegisterNameBody, options?: RequestSignal): Promise<void>;
  /** UTXO chains (bip122): the unspent outputs of `address` on `chainId`, with its balance in sats. */
  getUtxos(address: string, params: { chainId: string }, options?: RequestSignal): Promise<UtxoReply>;
  /** UTXO chains (bip122): the fee rates of `chainId` in sat/vB, with every confirmation target the node gives. */
  getFeeEstimates(params: { chainId: string }, options?: RequestSignal): Promise<FeeEstimatesReply>;
}

export function createBlockchainApi(options: BlockchainApiOptions): BlockchainApi {
  const { blockchainApiUrl, projectId } = options;
  const deps = definedDeps(options);
  const sdk = sdkQuery(projectId);
  const url = (path: string, query: Query = {}) => buildUrl(blockchainApiUrl, path, { ...query, ...sdk });
  const account = (address: string, tail: string) => `/v1/account/${encodeURIComponent(address)}/${tail}`;

  return {
    blockchainApiUrl,
    projectId,
    getSupportedChains: ({ signal } = {}) =>
      httpRequest(url('/v1/supported-chains'), { ...deps, signal, schema: supportedChainsReplySchema }),

    async getBalances(address, { chainId, forceUpdate }, { signal } = {}) {
      const query = { currency: 'usd', chainId, forceUpdate: forceUpdate ? true : undefined };
      const reply = await httpRequest(url(account(address, 'balance'), query), { ...deps, signal, schema: balanceReplySchema });
      return reply.balances;
    },

    async getFungiblePrices(addresses, { signal } = {}) {
      const body = { projectId, currency: 'usd', addresses: [...addresses] };
      const reply = await httpRequest(url('/v1/fungible/price'), {
        ...deps,
        signal,
        method: 'POST',
        body,
        schema: fungiblePriceReplySchema,
      });
      return reply.fungibles;
    },

    getHistory: (address, { chainId, cursor }, { signal } = {}) =>
      httpRequest(url(account(address, 'history'), { chainId, cursor }), { ...deps, signal, schema: historyReplySchema }),

    async getNfts(address, { chainId }, { signal } = {}) {
      const reply = await httpRequest(url(account(address, 'nfts'), { chainId }), { ...deps, signal, schema: nftsReplySchema });
      return reply.data;
    },

    getIdentity: (address, { sender, chainId }, { signal } = {}) =>
      httpRequest(url(`/v1/identity/${encodeURIComponent(address)}`, { sender, chainId }), {
        ...deps,
        signal,
        schema: identityReplySchema,
      }),

    async resolveName(name, { signal } = {}) {
      try {
        return await httpRequest(url(`/v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: 2 }), {
          ...deps,
          signal,
          schema: profileReplySchema,
        });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },

    getNameSuggestions: (label, { zone }, { signal } = {}) =>
      httpRequest(url(`/v1/profile/suggestions/${encodeURIComponent(label)}`, { zone }), {
        ...deps,
        signal,
        schema: nameSuggestionsReplySchema,
      }),

    async registerName(body, { signal } = {}) {
      await httpRequest(url('/v1/profile/account'), {
        ...deps,
        signal,
        method: 'POST',
        body,
        attempts: 1,
        schema: registerNameReplySchema,
      });
    },

    getUtxos: (address, { chainId }, { signal } = {}) =>
      httpRequest(url(account(address, 'utxos'), { chainId }), { ...deps, signal, schema: utxoReplySchema }),

    getFeeEstimates: ({ chainId }, { signal } = {}) =>
      httpRequest(url('/v1/fee-estimates', { chainId }), { ...deps, signal, schema: feeEstimatesReplySchema }),
  };
}

let current: (() => BlockchainApi | undefined) | undefined;

/**
 * The Blockchain API of the current options, for the namespaces' adapters (chains may not import
 * stores: the stores register their getter here, src/stores/portfolio/blockchain.ts); undefined
 * when none is configured or none registered.
 */
export const currentBlockchainApi = (): BlockchainApi | undefined => current?.();

/** Registers the getter currentBlockchainApi() asks (the stores' getBlockchainApi). */
export function registerBlockchainApi(getter: () => BlockchainApi | undefined): void {
  current = getter;
}
