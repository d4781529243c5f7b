import { map } from 'nanostores';
import type { ChainNamespace } from '../../core/caip.js';
import { SHAKE_MS } from '../../core/constants.js';
import type { ViewName } from '../../core/views.js';
import { emitEvent } from '../app/events.js';
import { resetRouter, type RouterData } from './router.js';
import { resettable } from '../app/reset.js';

export interface ModalState {
  open: boolean;
  /** Loading flags per namespace. */
  loading: Partial<Record<ChainNamespace, boolean>>;
  /** True for 500 ms after a refused close. */
  shake: boolean;
  /** When set, closing is refused and the modal shakes (e.g. required sign-in, no session). */
  closeBlocked: boolean;
  /** The view the modal element last finished showing (`undefined` while closed). */
  shownView: ViewName | undefined;
}

export const $modal = resettable(
  map<ModalState>({
    open: false,
    loading: {},
    shake: false,
    closeBlocked: false,
    shownView: undefined,
  }),
);

let shakeTimer: ReturnType<typeof setTimeout> | undefined;
const closeListeners = new Set<() => void>();

/** Opens the modal on `view` (history starts anew there). */
export function openModalOn(view: ViewName, data?: RouterData): void {
  resetRouter(view, data);
  if ($modal.get().open) return;
  $modal.setKey('open', true);
  emitEvent('MODAL_OPEN', { view });
}

/**
 * Closes the modal and resets the view to Connect. When closing is blocked it shakes instead
 * and returns false.
 */
export function closeModal(): boolean {
  const state = $modal.get();
  if (!state.open) return true;
  if (state.closeBlocked) {
    shakeModal();
    return false;
  }
  $modal.set({ ...state, open: false, shownView: undefined });
  resetRouter('Connect');
  for (const listener of [...closeListeners]) listener();
  emitEvent('MODAL_CLOSE', {});
  return true;
}

/** Runs `listener` on the next close; returns a function that removes it. */
export function onModalClose(listener: () => void): () => void {
  closeListeners.add(listener);
  return () => closeListeners.delete(listener);
}

export function shakeModal(): void {
  clearTimeout(shakeTimer);
  $modal.setKey('shake', true);
  shakeTimer = setTimeout(() => $modal.setKey('shake', false), SHAKE_MS);
}

export function setLoading(namespace: ChainNamespace, loading: boolean): void {
  $modal.setKey('loading', { ...$modal.get().loading, [namespace]: loading });
}

export function setCloseBlocked(blocked: boolean): void {
  $modal.setKey('closeBlocked', blocked);
}

/** Called by <w3-modal> once a view has rendered inside an open dialog. */
export function markViewShown(view: ViewName | undefined): void {
  $modal.setKey('shownView', view);
}
