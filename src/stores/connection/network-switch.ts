import { isEmbeddedNamespace } from '../../chains/frame-namespaces.js';
import type { ChainNamespace } from '../../core/caip.js';
import { errorText, UnknownWalletError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { $accounts } from './account.js';
import { $activeConnectorIds, $connectors, type ConnectorType } from './connectors.js';
import { closeModal } from '../ui/modal.js';
import { goBack, goBackAfterFailedSwitch } from './navigation.js';
import {
  $activeNamespace,
  $activeNetwork,
  $activeNetworkIds,
  $unknownNetwork,
  findNetwork,
  setActiveNetwork,
} from '../network/networks.js';
import { $router, pushView, resetRouter } from '../ui/router.js';
import { showErrorOf } from '../ui/toast.js';

export type NetworkChangeDecision = 'none' | 'direct' | 'SwitchNetwork' | 'SwitchActiveChain';

export interface NetworkChangeInput {
  target: Network;
  active: Network | undefined;
  activeNamespace: ChainNamespace | undefined;
  /** The connected address per namespace. */
  addresses: Partial<Record<ChainNamespace, string | undefined>>;
  connectorType: ConnectorType | undefined;
  forced?: boolean;
}

/**
 * The network-change rules of spec section 2: nothing when the target is the active network;
 * SwitchNetwork when forced, or for the auth connector with a target the embedded wallet serves;
 * SwitchActiveChain when the current namespace has an address and the target's namespace
 * differs and has none; otherwise SwitchNetwork. With no wallet connected at all there is
 * nothing to ask, so the network is set directly.
 */
export function decideNetworkChange(input: NetworkChangeInput): NetworkChangeDecision {
  const { target, active, activeNamespace, addresses, connectorType, forced } = input;
  if (active?.caipNetworkId === target.caipNetworkId && !$unknownNetwork.get()) return 'none';
  if (forced) return 'SwitchNetwork';
  if (connectorType === 'AUTH' && isEmbeddedNamespace(target.chainNamespace)) return 'SwitchNetwork';
  const currentHasAddress = !!(activeNamespace && addresses[activeNamespace]);
  if (currentHasAddress && target.chainNamespace !== activeNamespace && !addresses[target.chainNamespace]) return 'SwitchActiveChain';
  if (!Object.values(addresses).some(Boolean)) return 'direct';
  return 'SwitchNetwork';
}

function currentInput(target: Network, forced = false): NetworkChangeInput {
  const namespace = $activeNamespace.get();
  const connectorId = namespace ? $activeConnectorIds.get()[namespace] : undefined;
  const addresses: NetworkChangeInput['addresses'] = {};
  for (const [ns, account] of Object.entries($accounts.get())) {
    if (account?.status === 'connected' && account.address) addresses[ns as ChainNamespace] = account.address;
  }
  return {
    target,
    active: $activeNetwork.get(),
    activeNamespace: namespace,
    addresses,
    connectorType: $connectors.get().find((c) => c.id === connectorId)?.type,
    forced,
  };
}

function resolve(idOrNetwork: string | Network): Network {
  const network = findNetwork(idOrNetwork);
  if (!network) return setActiveNetwork(idOrNetwork); // throws 'Network Not Found'
  return network;
}

/**
 * Switches to a configured network and resolves once switched: through the connected wallet of
 * that namespace (its adapter) when there is one, else directly. With both namespaces connected,
 * a network of the other namespace only changes the active namespace (its wallet moves first
 * when it is on another of that namespace's networks).
 */
export async function switchNetwork(idOrNetwork: string | Network): Promise<Network> {
  const network = resolve(idOrNetwork);
  if ($activeNetwork.get()?.caipNetworkId === network.caipNetworkId && !$unknownNetwork.get()) return network;
  const connected = $accounts.get()[network.chainNamespace]?.status === 'connected';
  const walletThere =
    $activeNetworkIds.get()[network.chainNamespace] === network.caipNetworkId &&
    $unknownNetwork.get()?.namespace !== network.chainNamespace;
  if (connected && !walletThere) await (await import('./requests.js')).switchWalletNetwork(network);
  return setActiveNetwork(network.caipNetworkId);
}

/** The Networks (and UnsupportedChain) view's choice, following decideNetworkChange. */
export async function chooseNetwork(caipNetworkId: string): Promise<void> {
  let network: Network;
  try {
    network = resolve(caipNetworkId);
  } catch (err) {
    showErrorOf(err);
    return;
  }
  const decision = decideNetworkChange(currentInput(network));
  if (decision === 'none') return goBack();
  if (decision === 'direct') {
    setActiveNetwork(network.caipNetworkId);
    return goBack();
  }
  pushView(decision, { network: network.caipNetworkId, title: network.name });
}

/**
 * Run by the SwitchNetwork view: asks the wallet; on success leaves the switching views (closing
 * the modal when nothing is left); on failure goes back one view and shows the wallet's error.
 */
export async function performSwitch(caipNetworkId: string): Promise<void> {
  try {
    await switchNetwork(caipNetworkId);
  } catch (err) {
    if ($router.get().view === 'SwitchNetwork') goBackAfterFailedSwitch();
    showErrorOf(err);
    throw err instanceof Error ? err : new UnknownWalletError(errorText(err), { cause: err });
  }
  const rest = $router.get().history.filter((v) => v !== 'SwitchNetwork' && v !== 'Networks' && v !== 'UnsupportedChain');
  const last = rest[rest.length - 1];
  if (!last) closeModal();
  else resetRouter(last);
}

/** SwitchActiveChain: makes the target's namespace active and leads to Connect for it. */
export function switchActiveChain(caipNetworkId: string): void {
  const network = resolve(caipNetworkId);
  setActiveNetwork(network.caipNetworkId);
  resetRouter('Connect');
}
