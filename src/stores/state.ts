import { atom, computed } from 'nanostores';
import { $modal } from './modal.js';
import { $activeNamespace, $activeNetwork } from './networks.js';
import { $router } from './router.js';

/** Set once options are applied and the stores are initialised. */
export const $initialized = atom(false);

/** The public state of the modal (DESIGN.md `getState()`). */
export interface PublicState {
  open: boolean;
  view: string;
  loading: boolean;
  activeChain: string | undefined;
  selectedNetworkId: string | undefined;
  initialized: boolean;
}

export const $publicState = computed(
  [$modal, $router, $activeNamespace, $activeNetwork, $initialized],
  (modal, router, namespace, network, initialized): PublicState => ({
    open: modal.open,
    view: router.view,
    loading: Object.values(modal.loading).some(Boolean),
    activeChain: namespace,
    selectedNetworkId: network?.caipNetworkId,
    initialized,
  }),
);
