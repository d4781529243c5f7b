import { atom, computed } from 'nanostores';
import { $modal } from '../ui/modal.js';
import { $activeNamespace, $currentNetwork } from '../network/networks.js';
import { $router } from '../ui/router.js';
import { resettable } from '../app/reset.js';

/** Set once options are applied and the stores are initialised. */
export const $initialized = resettable(atom(false));

/** The public state of the modal (DESIGN.md `getState()`). */
export interface PublicState {
  open: boolean;
  view: string;
  loading: boolean;
  activeChain: string | undefined;
  /** The active network's CAIP id; on an unsupported chain, the wallet's chain (`eip155:31338`). */
  selectedNetworkId: string | undefined;
  initialized: boolean;
}

export const $publicState = computed(
  [$modal, $router, $activeNamespace, $currentNetwork, $initialized],
  (modal, router, namespace, current, initialized): PublicState => ({
    open: modal.open,
    view: router.view,
    loading: Object.values(modal.loading).some(Boolean),
    activeChain: namespace,
    selectedNetworkId: current.unsupported?.caipNetworkId ?? current.network?.caipNetworkId,
    initialized,
  }),
);
