/**
 * Names and avatars from the Blockchain API's identity endpoint, on namespaces whose rules have the
 * `names` feature (spec section 9):
 * the connected account's identity (a fetcher store, 5 min cache) becomes its profileName and profileImage;
 * other addresses (a send's receiver) are looked up through the name cache (5 min), and names
 * (a send's receiver typed as `alice.w3kit`) resolve to addresses through the profile endpoint
 * (found names cached 5 min; a name not found is asked again next time, it may be set since);
 * an ENS name on a chain with ENS resolves through ENS instead (./name-resolvers.ts).
 */
import { computed } from 'nanostores';
import type { Identity } from '../../wire/blockchain-api.js';
import { CACHE_LIFETIME_MS } from '../../core/constants.js';
import { getAccountState, patchAccount } from '../connection/account.js';
import { chainRules } from '../../chains/registry.js';
import { createFetcherStore } from '../app/fetcher.js';
import { $activeTarget, activeTarget, createCache, getBlockchainApi, now, type AccountTarget } from './blockchain.js';
import { resolvesWithEns } from './name-resolvers.js';
import { onReset } from '../app/reset.js';

const names = createCache<Identity>(CACHE_LIFETIME_MS.name);
const profiles = createCache<ResolvedName>(CACHE_LIFETIME_MS.name);

/** A name resolved to its EVM address (coin type 60), as the server spells the name. */
export interface ResolvedName {
  name: string;
  address: string;
  avatar: string | undefined;
}

/** SLIP-44 coin type of Ether: the key of a profile's EVM address (the names the server holds are EVM names). */
const ETH_COIN_TYPE = '60';
const NAME = /^[A-Za-z0-9.-]{3,255}$/;
const HEX_LIKE = /^(0x)?[0-9a-fA-F]*$/;

/**
 * Whether `value` reads as a name rather than an address: 3 to 255 letters, digits, hyphens or
 * dots with a dot or a letter, and not hex (`0x1234`, `abc` are mistyped addresses).
 */
export function looksLikeName(value: string): boolean {
  return NAME.test(value) && !HEX_LIKE.test(value) && /[.A-Za-z]/.test(value);
}

/** The target when its namespace has names (the `names` feature of its rules). */
const named = (t: AccountTarget | undefined): AccountTarget | undefined =>
  t && chainRules(t.network.chainNamespace)?.features?.names ? t : undefined;

const $identityTarget = computed($activeTarget, (t) => (getBlockchainApi() ? named(t) : undefined));

/** The active account's identity (5 min cache, by address), on a namespace with names: loads while listened. */
export const $accountIdentity = createFetcherStore<Identity, AccountTarget>($identityTarget, {
  key: (t) => t.address.toLowerCase(),
  lifetimeMs: CACHE_LIFETIME_MS.identity,
  now,
  fetcher: ({ address, network }) => {
    const api = getBlockchainApi();
    if (!api) return Promise.reject(new Error('No Blockchain API'));
    return api.getIdentity(address, { sender: address, chainId: network.caipNetworkId });
  },
});

/** Puts the loaded identity into the account state, when it is still the active account's (no name: the view shows the address). */
function applyIdentity(): void {
  const { data: identity, key } = $accountIdentity.value ?? { loading: false };
  const target = named(activeTarget());
  if (!identity || !target || key !== target.address.toLowerCase()) return;
  const namespace = target.network.chainNamespace;
  if (getAccountState(namespace).address !== target.address) return;
  patchAccount(namespace, { profileName: identity.name ?? undefined, profileImage: identity.avatar ?? undefined });
}

/** While the caller listens (the Account view), the active account's name and avatar load into the account state. */
export const followAccountIdentity = (): (() => void) => $accountIdentity.subscribe(applyIdentity);

/** Loads the active account's name and avatar into the account state. Never rejects. */
export async function loadAccountIdentity(): Promise<void> {
  await $accountIdentity.fetch();
  applyIdentity();
}

/**
 * Forgets the active account's cached identity and loads it again (a name was just
 * registered: the account button and Account view show it at once). Never rejects.
 */
export async function refreshAccountIdentity(): Promise<void> {
  const target = activeTarget();
  if (target) {
    $accountIdentity.invalidate((key) => key === target.address.toLowerCase());
    names.delete(target.address.toLowerCase());
  }
  await loadAccountIdentity();
}

/** The name and avatar of any address of the active namespace (undefined off a namespace with names, without a Blockchain API or on failure). */
export async function lookupName(address: string): Promise<Identity | undefined> {
  const api = getBlockchainApi();
  const target = named(activeTarget());
  if (!api || !target || !chainRules(target.network.chainNamespace)?.isAddress(address)) return undefined;
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

/**
 * The EVM address of a name (on a namespace with names). Resolves to undefined without a Blockchain
 * API or off such a namespace, to null when the server has no such name (or no EVM address for it); rejects when
 * the lookup fails (network, server error), so the caller can tell "not found" from "try again".
 */
export async function resolveName(name: string, options: { signal?: AbortSignal } = {}): Promise<ResolvedName | null | undefined> {
  const api = getBlockchainApi();
  const target = named(activeTarget());
  if (!target || !looksLikeName(name)) return undefined;
  const key = `${target.network.caipNetworkId}|${name.toLowerCase()}`;
  const hit = profiles.get(key);
  if (hit) return hit;
  // An ENS name on a chain with ENS: viem's ENS actions against the chain's RPC (lazy).
  if (resolvesWithEns(name, target.network)) {
    const { resolveEnsName } = await import('./ens.js');
    const resolved = await resolveEnsName(name, target.network);
    if (resolved) profiles.set(key, resolved);
    return resolved;
  }
  if (!api) return undefined;
  const profile = await api.resolveName(name, options);
  const address = profile?.addresses[ETH_COIN_TYPE]?.address;
  if (!profile || !address || !chainRules(target.network.chainNamespace)?.isAddress(address)) return null;
  const resolved: ResolvedName = { name: profile.name, address, avatar: profile.attributes?.avatar };
  profiles.set(key, resolved);
  return resolved;
}

export function resetIdentities(): void {
  $accountIdentity.reset();
  names.clear();
  profiles.clear();
}
onReset(resetIdentities);
