/**
 * The Provider API client (spec section 7): project config, allowed origins, the wallet
 * registry, analytics config and events, and image URLs. Every request carries projectId,
 * st and sv as query parameters, so GETs stay CORS "simple" requests.
 */
import { logger } from '../core/logger.js';
import { ApiError } from './errors.js';
import { buildUrl, definedDeps, type HttpDeps, httpRequest, type Query, sdkQuery } from './http.js';
import {
  analyticsConfigReplySchema,
  getWalletsReplySchema,
  originsReplySchema,
  projectConfigReplySchema,
  type AnalyticsEvent,
  type GetWalletsParams,
  type GetWalletsReply,
  type RemoteFeatures,
} from '../wire/provider-api.js';

export interface ProviderApiOptions extends HttpDeps {
  apiUrl: string;
  projectId: string;
  /** Per-attempt timeout; default 10 s. */
  timeoutMs?: number;
}

export interface RequestSignal {
  signal?: AbortSignal | undefined;
}

/** Result of the allowed-origins fetch (spec section 8). */
export type AllowedOriginsResult = string[] | { error: 'RATE_LIMITED' | 'SERVER_ERROR' };

export interface ProviderApi {
  readonly apiUrl: string;
  readonly projectId: string;
  getProjectConfig(options?: RequestSignal): Promise<{ features: RemoteFeatures }>;
  /** Never rejects (except on an abort): 429 → RATE_LIMITED, 5xx → SERVER_ERROR, other failures → []. */
  getAllowedOrigins(options?: RequestSignal): Promise<AllowedOriginsResult>;
  getWallets(params?: GetWalletsParams, options?: RequestSignal): Promise<GetWalletsReply>;
  getAnalyticsConfig(options?: RequestSignal): Promise<{ isAnalyticsEnabled: boolean }>;
  sendEvent(event: AnalyticsEvent, options?: RequestSignal): Promise<void>;
  walletImageUrl(imageId: string): string;
  assetImageUrl(id: string): string;
  currencyImageUrl(id: string): string;
  tokenImageUrl(id: string): string;
}

export function createProviderApi(options: ProviderApiOptions): ProviderApi {
  const { apiUrl, projectId } = options;
  const deps = definedDeps(options);
  const sdk = sdkQuery(projectId);
  const url = (path: string, query: Query = {}) => buildUrl(apiUrl, path, { ...query, ...sdk });
  const image = (path: string) => (id: string) => url(`${path}/${encodeURIComponent(id)}`);

  return {
    apiUrl,
    projectId,
    getProjectConfig: ({ signal } = {}) => httpRequest(url('/appkit/v1/config'), { ...deps, signal, schema: projectConfigReplySchema }),

    async getAllowedOrigins({ signal } = {}) {
      try {
        const reply = await httpRequest(url('/projects/v1/origins'), { ...deps, signal, schema: originsReplySchema });
        return reply.allowedOrigins;
      } catch (err) {
        if (signal?.aborted) throw err;
        if (err instanceof ApiError && err.status === 429) return { error: 'RATE_LIMITED' };
        if (err instanceof ApiError && err.status >= 500 && err.status <= 599) return { error: 'SERVER_ERROR' };
        logger.warn('Could not read the allowed origins; the origin check is skipped', err);
        return [];
      }
    },

    getWallets: (params = {}, { signal } = {}) =>
      httpRequest(url('/getWallets', { ...params }), { ...deps, signal, schema: getWalletsReplySchema }),

    getAnalyticsConfig: ({ signal } = {}) =>
      httpRequest(url('/getAnalyticsConfig'), { ...deps, signal, schema: analyticsConfigReplySchema }),

    sendEvent: (event, { signal } = {}) => httpRequest(url('/e'), { ...deps, signal, method: 'POST', body: event, keepalive: true }),

    walletImageUrl: image('/getWalletImage'),
    assetImageUrl: image('/public/getAssetImage'),
    currencyImageUrl: image('/public/getCurrencyImage'),
    tokenImageUrl: image('/public/getTokenImage'),
  };
}
