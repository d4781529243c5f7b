/**
 * The wagmi config of a W3WagmiAdapter: its options checked (a bad one throws W3ConfigError
 * naming it), the chains from the modal's eip155 networks and an `http()` transport for each
 * from its first RPC URL unless `transports` gives one. Nothing here touches window or document.
 */
import { createConfig, http, type Config, type CreateConnectorFn, type Storage, type Transport } from 'wagmi';
import type { Chain } from 'viem';
import { W3ConfigError } from '../core/errors.js';
import type { Network } from '../wire/networks.js';

export interface W3WagmiAdapterOptions {
  /** The modal's networks (the same list createW3Modal takes); the eip155 ones become wagmi's chains. */
  networks: readonly Network[];
  /** wagmi transports by chain id; a chain without one gets `http()` of its first RPC URL. */
  transports?: Record<number, Transport>;
  /** wagmi's `ssr`: the store waits for the client to hydrate it (pair with cookie storage). */
  ssr?: boolean;
  /** wagmi's storage, e.g. `createStorage({ storage: cookieStorage })` for server rendering. */
  storage?: Storage | null;
  /** More wagmi connectors beside the w3kit one. */
  connectors?: readonly CreateConnectorFn[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The viem chain of an eip155 network. */
function toChain(network: Network): Chain {
  return {
    id: network.id as number,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  };
}

/** Checks the options; returns the eip155 chains (at least one). */
export function checkOptions(options: unknown): [Chain, ...Chain[]] {
  if (!isObject(options)) throw new W3ConfigError('options', 'W3WagmiAdapter takes an object: { networks, transports?, ssr?, storage? }');
  const { networks, transports, ssr, storage, connectors } = options;
  if (!Array.isArray(networks)) throw new W3ConfigError('networks', 'expected an array of network objects');
  const chains: Chain[] = [];
  for (const [i, n] of (networks as unknown[]).entries()) {
    if (!isObject(n) || typeof n['chainNamespace'] !== 'string')
      throw new W3ConfigError('networks', `networks[${i}] is not a network object ({ id, caipNetworkId, chainNamespace, ... })`);
    if (n['chainNamespace'] !== 'eip155') continue;
    const network = n as unknown as Network;
    if (typeof network.id !== 'number' || !Number.isSafeInteger(network.id) || network.id <= 0)
      throw new W3ConfigError('networks', `networks[${i}] (${String(network.name)}) has no numeric chain id`);
    if (chains.some((c) => c.id === network.id)) throw new W3ConfigError('networks', `chain ${network.id} is listed twice`);
    const hasTransport = isObject(transports) && typeof transports[network.id] === 'function';
    if (!hasTransport && typeof network.rpcUrls?.default?.http?.[0] !== 'string')
      throw new W3ConfigError('networks', `${network.name} (${network.caipNetworkId}) has no http RPC URL and no entry in transports`);
    chains.push(toChain(network));
  }
  if (!chains.length) throw new W3ConfigError('networks', 'W3WagmiAdapter needs at least one eip155 network');
  if (transports !== undefined) {
    if (!isObject(transports)) throw new W3ConfigError('transports', 'expected an object of wagmi transports by chain id');
    for (const [id, t] of Object.entries(transports))
      if (typeof t !== 'function') throw new W3ConfigError('transports', `transports[${id}] is not a transport (e.g. http())`);
  }
  if (ssr !== undefined && typeof ssr !== 'boolean') throw new W3ConfigError('ssr', 'expected true or false');
  if (storage !== undefined && storage !== null && !(isObject(storage) && typeof storage['getItem'] === 'function'))
    throw new W3ConfigError('storage', 'expected a wagmi storage (createStorage({ storage: cookieStorage })) or null');
  if (connectors !== undefined && (!Array.isArray(connectors) || connectors.some((c) => typeof c !== 'function')))
    throw new W3ConfigError('connectors', 'expected an array of wagmi connectors (e.g. injected())');
  return chains as [Chain, ...Chain[]];
}

/** The wagmi config: the chains, their transports, `ssr` and `storage`, the w3kit connector first. */
export function buildConfig(options: W3WagmiAdapterOptions, chains: [Chain, ...Chain[]], connector: CreateConnectorFn): Config {
  const transports: Record<number, Transport> = {};
  for (const chain of chains) transports[chain.id] = options.transports?.[chain.id] ?? http(chain.rpcUrls.default.http[0]);
  return createConfig({
    chains,
    transports,
    connectors: [connector, ...(options.connectors ?? [])],
    // Every wallet reaches wagmi through the modal: wagmi's own EIP-6963 connectors would connect the same wallet twice.
    multiInjectedProviderDiscovery: false,
    ...(options.ssr !== undefined ? { ssr: options.ssr } : {}),
    ...(options.storage !== undefined ? { storage: options.storage } : {}),
  });
}
