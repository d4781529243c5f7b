/**
 * Names and avatars from the Blockchain API's identity endpoint (eip155 only, spec section 9):
 * the connected account's identity (5 min cache) becomes its profileName and profileImage;
 * other addresses (a send's receiver) are looked up through the name cache (5 min).
 */
import type { Identity } from '../api/types.js';
import { isEvmAddress } from '../core/address.js';
import { CACHE_LIFETIME_MS } from '../core/constants.js';
import { getAccountState, patchAccount } from './account.js';
import { activeTarget, createCache, getBlockchainApi, isActive } from './blockchain.js';

const identities = createCache<Identity>(CACHE_LIFETIME_MS.identity);
const names = createCache<Identity>(CACHE_LIFETIME_MS.name);

/** Loads the active eip155 account's name and avatar into the account state. Never rejects. */
export async function loadAccountIdentity(): Promise<void> {
  const api = getBlockchainApi();
  const target = activeTarget();
  if (!api || !target || target.network.chainNamespace !== 'eip155') return;
  const key = target.address.toLowerCase();
  let identity = identities.get(key);
  if (!identity) {
    try {
      identity = await api.getIdentity(target.address, { sender: target.address, chainId: target.network.caipNetworkId });
      identities.set(key, identity);
    } catch {
      return; // no name: the view shows the address and a generated avatar
    }
  }
  if (!isActive(target.key) || getAccountState('eip155').address !== target.address) return;
  patchAccount('eip155', { profileName: identity.name ?? undefined, profileImage: identity.avatar ?? undefined });
}

/** The name and avatar of any EVM address (undefined without a Blockchain API or on failure). */
export async function lookupName(address: string): Promise<Identity | undefined> {
  const api = getBlockchainApi();
  const target = activeTarget();
  if (!api || !target || target.network.chainNamespace !== 'eip155' || !isEvmAddress(address)) return undefined;
  const key = address.toLowerCase();
  const hit = names.get(key);
  if (hit) return hit;
  try {
    const identity = await api.getIdentity(address, { sender: target.address, chainId: target.network.caipNetworkId });
    names.set(key, identity);
    return identity;
  } catch {
    return undefined;
  }
}

export function resetIdentities(): void {
  identities.clear();
  names.clear();
}
