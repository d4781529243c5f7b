import { atom, computed, map } from 'nanostores';
import type { CaipNetworkId, ChainNamespace } from '../../core/caip.js';
import { NetworkNotFoundError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { parseNetwork } from '../../core/options.js';
import { emitEvent } from '../app/events.js';
import { $options } from '../app/options.js';
import { storage } from '../app/storage.js';
import { resettable } from '../app/reset.js';

/** The networks the app configured. */
export const $networks = computed($options, (options) => options?.networks ?? []);

/** The namespace the modal acts on. */
export const $activeNamespace = resettable(atom<ChainNamespace | undefined>(undefined));

/** Active network per namespace, by CAIP id. */
export const $activeNetworkIds = resettable(map<Partial<Record<ChainNamespace, CaipNetworkId>>>({}));

/** Set when a wallet reports a chain the app did not configure ('Unknown Network'). */
export const $unknownNetwork = resettable(atom<{ namespace: ChainNamespace; chainId: string } | undefined>(undefined));

export const $activeNetwork = computed([$networks, $activeNamespace, $activeNetworkIds], (list, namespace, ids): Network | undefined => {
  const id = namespace ? ids[namespace] : undefined;
  return list.find((n) => n.caipNetworkId === id) ?? list[0];
});

/**
 * The network state every reader shares (network button, Networks view, `getNetwork()`,
 * `getState()`): the active configured network, or, while the wallet is on a chain the app did
 * not configure, none, with that chain's CAIP id ('Unknown Network').
 */
export interface CurrentNetwork {
  /** The active network; undefined on an unsupported chain. */
  network: Network | undefined;
  /** The wallet's unsupported chain (`eip155:31338`); undefined on a configured one. */
  unsupported: { caipNetworkId: CaipNetworkId; chainId: string } | undefined;
}

export const $currentNetwork = computed(
  [$activeNetwork, $unknownNetwork],
  (network, unknown): CurrentNetwork =>
    unknown
      ? {
          network: undefined,
          unsupported: { caipNetworkId: `${unknown.namespace}:${unknown.chainId}` as CaipNetworkId, chainId: unknown.chainId },
        }
      : { network, unsupported: undefined },
);

export function findNetwork(idOrNetwork: string | Network): Network | undefined {
  const id = typeof idOrNetwork === 'string' ? idOrNetwork : idOrNetwork.caipNetworkId;
  return $networks.get().find((n) => n.caipNetworkId === id);
}

/**
 * Picks the active network at start: the stored one when still configured, else
 * `defaultNetwork`, else the first configured network.
 */
export function initNetworks(): void {
  const options = $options.get();
  const list = $networks.get();
  const first = options?.defaultNetwork ?? list[0];
  if (!first) return;
  const stored = storage.get('activeNetworks') ?? {};
  const storedNamespace = storage.get('activeNamespace');
  const ids: Partial<Record<ChainNamespace, CaipNetworkId>> = {};
  for (const n of list) {
    const preferred = stored[n.chainNamespace];
    if (ids[n.chainNamespace]) continue;
    const keep =
      preferred && list.some((x) => x.caipNetworkId === preferred && x.chainNamespace === n.chainNamespace)
        ? (preferred as CaipNetworkId)
        : undefined;
    ids[n.chainNamespace] = keep ?? (first.chainNamespace === n.chainNamespace ? first.caipNetworkId : n.caipNetworkId);
  }
  $activeNetworkIds.set(ids);
  $activeNamespace.set(storedNamespace && ids[storedNamespace] ? storedNamespace : first.chainNamespace);
  $unknownNetwork.set(undefined);
}

/**
 * Makes a configured network active for its namespace (no wallet involved: the wallet side of
 * switching is the adapter's). Does nothing when it is already active. Throws for a network the
 * app did not configure.
 */
export function setActiveNetwork(idOrNetwork: string | Network): Network {
  const network = findNetwork(typeof idOrNetwork === 'string' ? idOrNetwork : parseNetwork(idOrNetwork).caipNetworkId);
  if (!network) {
    throw new NetworkNotFoundError(undefined, {
      details: `${typeof idOrNetwork === 'string' ? idOrNetwork : idOrNetwork.caipNetworkId} is not one of the configured networks`,
    });
  }
  const current = $activeNetwork.get();
  if (current?.caipNetworkId === network.caipNetworkId && $activeNamespace.get() === network.chainNamespace) {
    return network;
  }
  $activeNetworkIds.setKey(network.chainNamespace, network.caipNetworkId);
  $activeNamespace.set(network.chainNamespace);
  $unknownNetwork.set(undefined);
  storage.set('activeNetworks', { ...storage.get('activeNetworks'), [network.chainNamespace]: network.caipNetworkId });
  storage.set('activeNamespace', network.chainNamespace);
  emitEvent('NETWORK_CHANGE', { caipNetworkId: network.caipNetworkId, network });
  return network;
}
