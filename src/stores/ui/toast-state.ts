import { map } from 'nanostores';
import type { StoreMessage } from './messages.js';

export type ToastVariant = 'loading' | 'success' | 'error';

/**
 * A toast's action: a link (`href`, opened in a new tab; label 'View on {explorer}') or, without
 * one, a button that copies `copy` (label 'Copy hash').
 */
export interface ToastAction {
  label: 'VIEW_ON_EXPLORER' | 'COPY_HASH';
  explorer?: string;
  href?: string;
  copy?: string;
}

export interface ToastState {
  open: boolean;
  message: StoreMessage;
  variant: ToastVariant;
  action?: ToastAction;
}

/** The toast the modal shows; its actions (./toast.js) load with the code that calls them. */
export const $toast = map<ToastState>({ open: false, message: { code: 'TEXT', text: '' }, variant: 'success' });
