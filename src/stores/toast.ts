import { map } from 'nanostores';
import { TOAST_SWAP_DELAY_MS, TOAST_VISIBLE_MS } from '../core/constants.js';

export type ToastVariant = 'loading' | 'success' | 'error';

/** A toast's action: a link (`href`, opened in a new tab) or, without one, a button that copies `copy`. */
export interface ToastAction {
  label: string;
  href?: string;
  copy?: string;
}

export interface ToastState {
  open: boolean;
  message: string;
  variant: ToastVariant;
  action?: ToastAction;
}

/** A toast with an action stays long enough to reach it. */
export const TOAST_ACTION_VISIBLE_MS = 6000;

export const $toast = map<ToastState>({ open: false, message: '', variant: 'success' });

let swapTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function show(message: string, variant: ToastVariant, action: ToastAction | undefined): void {
  clearTimeout(hideTimer);
  $toast.set({ open: true, message, variant, ...(action ? { action } : {}) });
  if (variant !== 'loading') hideTimer = setTimeout(hideToast, action ? TOAST_ACTION_VISIBLE_MS : TOAST_VISIBLE_MS);
}

/**
 * Shows a toast. A new message while one is open closes it first and shows after 150 ms.
 * Loading toasts stay until replaced or hidden; the others hide by themselves.
 */
export function showToast(message: string, variant: ToastVariant, action?: ToastAction): void {
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

export const showSuccess = (message: string): void => showToast(message, 'success');
export const showError = (message: string): void => showToast(message, 'error');
export const showLoading = (message: string): void => showToast(message, 'loading');

export function hideToast(): void {
  clearTimeout(hideTimer);
  clearTimeout(swapTimer);
  swapTimer = undefined;
  $toast.setKey('open', false);
}
