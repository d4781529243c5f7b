/**
 * What the frame asks the backend about smart accounts (the Blockchain API of the host's
 * `blockchainApiUrl`, the project id in the query as for every route): the smart-account enabled
 * networks (GET /v1/smart-accounts/networks; spec 4: a failure counts as none) and a chain's
 * contracts (GET /v1/smart-accounts/{chainId}), parsed; and the bundler and paymaster routes'
 * URLs the user operations go to. Each answer is kept a minute (a few entries at most).
 */
import * as z from 'zod/mini';
import type { SafeContracts } from './address.js';

export interface SmartAccountBackend {
  /** The Blockchain API's base URL. */
  apiUrl: string;
  projectId: string;
}

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
const contractsSchema = z.object({
  chainId: z.string().check(z.regex(/^eip155:\d{1,20}$/)),
  entryPoint: z.object({ address, version: z.literal('0.7') }),
  safeSingletonAddress: address,
  safeProxyFactoryAddress: address,
  safe4337ModuleAddress: address,
  safeModuleSetupAddress: address,
  multiSendAddress: address,
  multiSendCallOnlyAddress: address,
  paymaster: address,
});
const networksSchema = z.object({ smartAccountEnabledNetworks: z.array(z.number().check(z.int())).check(z.maxLength(256)) });

const TTL_MS = 60_000;
const MAX_ENTRIES = 16;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

/** A route's URL with the project in the query. */
export function routeUrl(backend: SmartAccountBackend, path: string): string {
  const url = new URL(`${backend.apiUrl.replace(/\/+$/, '')}${path}`);
  url.searchParams.set('projectId', backend.projectId);
  return url.toString();
}

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  const value = load();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url.split('?')[0]} answered HTTP ${response.status}`);
  return response.json();
}

/** The chain ids (numbers) of the smart-account enabled networks; [] when the backend cannot say. */
export async function enabledNetworks(backend: SmartAccountBackend | undefined): Promise<number[]> {
  if (!backend) return [];
  try {
    return await cached(`networks ${backend.apiUrl} ${backend.projectId}`, async () => {
      const parsed = networksSchema.parse(await getJson(routeUrl(backend, '/v1/smart-accounts/networks')));
      return parsed.smartAccountEnabledNetworks;
    });
  } catch {
    return [];
  }
}

/** The chain's smart-account contracts; undefined when it is not enabled (or the backend cannot say). */
export async function chainContracts(backend: SmartAccountBackend | undefined, caipChainId: string): Promise<SafeContracts | undefined> {
  const chainId = Number(caipChainId.split(':')[1]);
  if (!caipChainId.startsWith('eip155:') || !(await enabledNetworks(backend)).includes(chainId)) return undefined;
  try {
    return await cached(`contracts ${backend!.apiUrl} ${backend!.projectId} ${caipChainId}`, async () => {
      const parsed = contractsSchema.parse(await getJson(routeUrl(backend!, `/v1/smart-accounts/${caipChainId}`)));
      if (parsed.chainId !== caipChainId) throw new Error(`The backend answered the contracts of ${parsed.chainId}`);
      return parsed as SafeContracts;
    });
  } catch {
    return undefined;
  }
}
