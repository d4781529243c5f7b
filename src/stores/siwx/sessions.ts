/** The instance's `getSiwxSessions` (lazy): the sessions of a namespace's connected account on its chain. */
import type { ChainNamespace } from '../../core/caip.js';
import type { SIWXSession, SiwxChainId } from '../../core/siwx.js';
import { getAccountState } from '../connection/account.js';
import { $activeNamespace } from '../network/networks.js';
import { siwxConfig } from './config.js';

/** The sessions of `namespace`'s (default: the active one's) account and chain; [] without siwx or when disconnected. */
export async function getSiwxSessions(namespace?: ChainNamespace): Promise<SIWXSession[]> {
  const ns = namespace ?? $activeNamespace.get();
  const config = siwxConfig();
  if (!ns || !config) return [];
  const { address, caipAddress, status } = getAccountState(ns);
  if (status !== 'connected' || !address || !caipAddress?.endsWith(`:${address}`)) return [];
  return config.getSessions(caipAddress.slice(0, -address.length - 1) as SiwxChainId, address);
}
