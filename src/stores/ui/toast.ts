import type { StoreMessage } from './messages.js';
import { $toast, type ToastAction, type ToastVariant } from './toast-state.js';
import { TOAST_SWAP_DELAY_MS, TOAST_VISIBLE_MS } from '../../core/constants.js';
import { onReset } from '../app/reset.js';

export { $toast, type ToastAction } from './toast-state.js';

/** A toast with an action stays long enough to reach it. */
export const TOAST_ACTION_VISIBLE_MS = 6000;

let swapTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function show(message: StoreMessage, variant: ToastVariant, action: ToastAction | undefined): void {
  clearTimeout(hideTimer);
  $toast.set({ open: true, message, variant, ...(action ? { action } : {}) });
  if (variant !== 'loading') hideTimer = setTimeout(hideToast, action ? TOAST_ACTION_VISIBLE_MS : TOAST_VISIBLE_MS);
}

/**
 * Shows a toast. A new message while one is open closes it first and shows after 150 ms.
 * Loading toasts stay until replaced or hidden; the others hide by themselves.
 */
export function showToast(message: StoreMessage, variant: ToastVariant, action?: ToastAction): void {
  // A swap still pending means the previous toast is mid-close: wait for it too.
  const swapping = swapTimer !== undefined;
  clearTimeout(swapTimer);
  swapTimer = undefined;
  if ($toast.get().open || swapping) {
    clearTimeout(hideTimer);
    $toast.setKey('open', false);
    swapTimer = setTimeout(() => {
      swapTimer = undefined;
      show(message, variant, action);
    }, TOAST_SWAP_DELAY_MS);
    return;
  }
  show(message, variant, action);
}

export const showSuccess = (message: StoreMessage): void => showToast(message, 'success');
export const showError = (message: StoreMessage): void => showToast(message, 'error');
export const showLoading = (message: StoreMessage): void => showToast(message, 'loading');
/** An error toast with the text of `error`. */
export const showErrorOf = (error: unknown): void => showToast({ code: 'ERROR', error }, 'error');

export function hideToast(): void {
  clearTimeout(hideTimer);
  clearTimeout(swapTimer);
  swapTimer = undefined;
  $toast.setKey('open', false);
}
onReset(hideToast);
