/**
 * The Blockchain API's on-ramp client (spec section 7): options, quotes, the checkout URL
 * generator, and the sandbox's purchase state. Every request carries projectId, st and sv as
 * query parameters; the POSTs send JSON.
 */
import { buildUrl, definedDeps, type HttpDeps, httpRequest, sdkQuery } from './http.js';
import {
  onrampOptionsReplySchema,
  onrampPurchaseReplySchema,
  onrampQuoteReplySchema,
  onrampUrlReplySchema,
  type OnrampOptions,
  type OnrampPurchase,
  type OnrampQuote,
  type OnrampQuoteBody,
  type OnrampUrlBody,
} from '../wire/onramp-api.js';
import type { RequestSignal } from './provider-api.js';

export interface OnrampApiOptions extends HttpDeps {
  blockchainApiUrl: string;
  projectId: string;
  timeoutMs?: number;
  attempts?: number;
}

export interface OnrampApi {
  getOptions(options?: RequestSignal): Promise<OnrampOptions>;
  getQuote(body: OnrampQuoteBody, options?: RequestSignal): Promise<OnrampQuote>;
  /** A checkout URL for the body's wallet. */
  generateUrl(body: OnrampUrlBody, options?: RequestSignal): Promise<string>;
  /** A sandbox checkout's state, by the session id of its URL. */
  getPurchase(sessionId: string, options?: RequestSignal): Promise<OnrampPurchase>;
}

export function createOnrampApi(options: OnrampApiOptions): OnrampApi {
  const { blockchainApiUrl, projectId } = options;
  const deps = definedDeps(options);
  const url = (path: string) => buildUrl(blockchainApiUrl, path, sdkQuery(projectId));
  return {
    getOptions: ({ signal } = {}) => httpRequest(url('/v1/onramp/options'), { ...deps, signal, schema: onrampOptionsReplySchema }),
    getQuote: (body, { signal } = {}) =>
      httpRequest(url('/v1/onramp/quote'), { ...deps, signal, method: 'POST', body, schema: onrampQuoteReplySchema }),
    async generateUrl(body, { signal } = {}) {
      const reply = await httpRequest(url('/v1/generators/onrampurl'), {
        ...deps,
        signal,
        method: 'POST',
        body,
        schema: onrampUrlReplySchema,
      });
      return reply.url;
    },
    getPurchase: (sessionId, { signal } = {}) =>
      httpRequest(url(`/v1/onramp/purchases/${encodeURIComponent(sessionId)}`), { ...deps, signal, schema: onrampPurchaseReplySchema }),
  };
}
