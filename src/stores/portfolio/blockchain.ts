/**
 * Shared by the Blockchain API stores (balances, activity, NFTs, identity, send): the client of
 * the current options, the account and network they act on (a store: the key of their fetcher
 * stores), a clock tests can move, and small time-limited caches for on-demand lookups.
 */
import { computed } from 'nanostores';
import { createBlockchainApi, registerBlockchainApi, type BlockchainApi, type BlockchainApiOptions } from '../../api/blockchain-api.js';
import type { Network } from '../../wire/networks.js';
import { $activeAccount } from '../connection/account.js';
import { $activeNetwork, $unknownNetwork } from '../network/networks.js';
import { $options } from '../app/options.js';
import { onReset } from '../app/reset.js';

type Clock = () => number;
let clock: Clock | undefined;

/** Milliseconds since the epoch. Unit tests move it with setClock(); browser tests fake Date itself. */
export function now(): number {
  return clock ? clock() : Date.now();
}

/** Replaces the clock (undefined restores the real one). */
export function setClock(next: Clock | undefined): void {
  clock = next;
}

export interface Cache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): void;
  clear(): void;
}

/** A map whose entries expire `ttlMs` after they were set (by now()), at most `maxEntries` (oldest dropped first). */
export function createCache<T>(ttlMs: number, maxEntries = 64): Cache<T> {
  const entries = new Map<string, { at: number; value: T }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at < ttlMs) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { at: now(), value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

let cached: { key: string; api: BlockchainApi } | undefined;
let deps: Omit<BlockchainApiOptions, 'blockchainApiUrl' | 'projectId'> = {};

/** Request settings of the client (tests: a short timeout, no backoff waits). */
export function setBlockchainApiDeps(next: Omit<BlockchainApiOptions, 'blockchainApiUrl' | 'projectId'>): void {
  deps = next;
  cached = undefined;
}
onReset(() => {
  clock = undefined;
  setBlockchainApiDeps({});
});

/** The Blockchain API client of the current options; undefined unless blockchainApiUrl and projectId are set. */
export function getBlockchainApi(): BlockchainApi | undefined {
  const options = $options.get();
  if (!options?.blockchainApiUrl || !options.projectId) return undefined;
  const key = `${options.blockchainApiUrl}\n${options.projectId}`;
  if (cached?.key !== key) {
    cached = { key, api: createBlockchainApi({ ...deps, blockchainApiUrl: options.blockchainApiUrl, projectId: options.projectId }) };
  }
  return cached.api;
}
// The adapters read it through the api layer (a Bitcoin send's UTXOs and fee estimates).
registerBlockchainApi(getBlockchainApi);

/** What the account stores read: the active address on the active (configured) network. */
export interface AccountTarget {
  address: string;
  network: Network;
  /** `caipNetworkId|address`, the cache key. */
  key: string;
}

export function activeTarget(): AccountTarget | undefined {
  const { address, status, caipAddress } = $activeAccount.get();
  const network = $activeNetwork.get();
  if (!address || status !== 'connected' || !network || $unknownNetwork.get()) return undefined;
  // The account of another namespace than the network's (mid-switch) reads nothing.
  if (caipAddress && !caipAddress.startsWith(`${network.chainNamespace}:`)) return undefined;
  return { address, network, key: `${network.caipNetworkId}|${address.toLowerCase()}` };
}

/** The active target as a store (new options count: they may add or remove the Blockchain API). */
export const $activeTarget = computed([$activeAccount, $activeNetwork, $unknownNetwork, $options], () => activeTarget());

/** True when `key` still names the active account and network (a reply may arrive after a switch). */
export const isActive = (key: string): boolean => activeTarget()?.key === key;
