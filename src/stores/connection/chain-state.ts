/**
 * What a wallet said about its accounts and chain, applied to the account and network state of
 * its namespace (spec section 3). A chain the app did not configure is the 'Unknown Network'
 * and opens UnsupportedChain. Lazy, with the session modules.
 */
import { toCaipAddress, type CaipNetworkId, type ChainNamespace } from '../../core/caip.js';
import type { Network } from '../../wire/networks.js';
import { getAccountState, patchAccount } from './account.js';
import { accountTypeOf } from './account-types.js';
import { openModalOn } from '../ui/modal.js';
import { $activeNamespace, $activeNetworkIds, $networks, $unknownNetwork, setActiveNetwork } from '../network/networks.js';

/** The configured network of a namespace with CAIP-2 reference `chainId`. */
export function networkFor(namespace: ChainNamespace, chainId: string): Network | undefined {
  return $networks.get().find((n) => n.chainNamespace === namespace && String(n.id) === chainId);
}

/** The namespace's active network (what its wallet signs and sends on). */
export function namespaceNetwork(namespace: ChainNamespace): Network | undefined {
  const id = $activeNetworkIds.get()[namespace];
  const list = $networks.get().filter((n) => n.chainNamespace === namespace);
  return list.find((n) => n.caipNetworkId === id) ?? list[0];
}

/** The CAIP network id an address of the namespace lives on now: the unknown chain's, else the namespace's network. */
function currentNetworkId(namespace: ChainNamespace): CaipNetworkId | undefined {
  const unknown = $unknownNetwork.get();
  if (unknown?.namespace === namespace) return `${namespace}:${unknown.chainId}`;
  return namespaceNetwork(namespace)?.caipNetworkId;
}

/**
 * Applies the wallet's chain: a configured one becomes the namespace's network (and the active
 * network when the namespace is active), another is the 'Unknown Network'. `undefined` means the
 * wallet follows the app: the namespace's network stands.
 */
export function applyChain(namespace: ChainNamespace, chainId: string | undefined, raw: unknown): void {
  const address = getAccountState(namespace).address;
  if (chainId === undefined && raw === undefined) return;
  const network = chainId === undefined ? undefined : networkFor(namespace, chainId);
  if (network) {
    if ($unknownNetwork.get()?.namespace === namespace) $unknownNetwork.set(undefined);
    if ($activeNamespace.get() === namespace) setActiveNetwork(network.caipNetworkId);
    else $activeNetworkIds.setKey(namespace, network.caipNetworkId);
    if (address) patchAccount(namespace, { caipAddress: toCaipAddress(network.caipNetworkId, address) });
    return;
  }
  const reference = chainId ?? String(raw);
  $unknownNetwork.set({ namespace, chainId: reference });
  if (address) patchAccount(namespace, { caipAddress: toCaipAddress(`${namespace}:${reference}`, address), balance: undefined });
  openModalOn('UnsupportedChain');
}

/** Applies the wallet's accounts (the first is the active address). */
export function applyAccounts(namespace: ChainNamespace, accounts: string[]): void {
  const [address] = accounts;
  const networkId = currentNetworkId(namespace);
  if (!address || !networkId) return;
  patchAccount(namespace, {
    address,
    caipAddress: toCaipAddress(networkId, address),
    status: 'connected',
    allAccounts: accounts.map((a) => ({ namespace, address: a, type: accountTypeOf(namespace, a) })),
  });
}
