/** The swap routes' client of the current options (a lazy chunk with the swap views). */
import { createSwapApi, type SwapApi, type SwapApiOptions } from '../../api/swap-api.js';
import { $options } from '../app/options.js';

let cached: { key: string; api: SwapApi } | undefined;
let deps: Omit<SwapApiOptions, 'blockchainApiUrl' | 'projectId'> = {};

/** Request settings of the client (tests: a short timeout, no backoff waits). */
export function setSwapApiDeps(next: Omit<SwapApiOptions, 'blockchainApiUrl' | 'projectId'>): void {
  deps = next;
  cached = undefined;
}

/** The client of the current options; undefined unless blockchainApiUrl and projectId are set. */
export function getSwapApi(): SwapApi | undefined {
  const options = $options.get();
  if (!options?.blockchainApiUrl || !options.projectId) return undefined;
  const key = `${options.blockchainApiUrl}\n${options.projectId}`;
  if (cached?.key !== key)
    cached = { key, api: createSwapApi({ ...deps, blockchainApiUrl: options.blockchainApiUrl, projectId: options.projectId }) };
  return cached.api;
}
