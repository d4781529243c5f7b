import { $alert } from './alert-state.js';
import { onReset } from '../app/reset.js';

export { $alert } from './alert-state.js';

export type AlertVariant = 'error' | 'warning';

/**
 * The alert catalogue of spec section 8, by code (the elements hold the texts:
 * src/elements/l10n/alerts.ts). Alerts are errors unless their entry says `variant: 'warning'`.
 */
export const ALERTS = {
  NETWORK_NOT_FOUND: {},
  INVALID_APP_CONFIGURATION: { once: true },
  EMBEDDED_WALLET_LOAD_FAILED: {},
  EMBEDDED_WALLET_TIMEOUT: {},
  SESSION_EXPIRED: {},
  PROJECT_ID_NOT_CONFIGURED: {},
  SERVER_ERROR: {},
  RATE_LIMITED: {},
  UNVERIFIED_DOMAIN: {},
  LOCAL_CONFIGURATION_IGNORED: { variant: 'warning', once: true },
  /** The embedded wallet keeps the login only until a reload (its browser gave the frame no storage). */
  SESSION_ONLY_LOGIN: { variant: 'warning', once: true },
} as const satisfies Record<string, { variant?: AlertVariant; once?: boolean }>;

export type AlertCode = keyof typeof ALERTS;
export interface AlertState {
  code: AlertCode;
  variant: AlertVariant;
}

const shownOnce = new Set<AlertCode>();

/** Shows an alert; those marked `once` (Invalid App Configuration, Local configuration ignored) show only the first time. */
export function showAlert(code: AlertCode): boolean {
  const entry = ALERTS[code];
  if ('once' in entry && entry.once) {
    if (shownOnce.has(code)) return false;
    shownOnce.add(code);
  }
  const variant: AlertVariant = 'variant' in entry ? entry.variant : 'error';
  $alert.set({ code, variant });
  return true;
}

export function closeAlert(): void {
  $alert.set(undefined);
}

/** For tests and a full reset: forget which once-only alerts were shown. */
export function resetAlerts(): void {
  shownOnce.clear();
  $alert.set(undefined);
}
onReset(resetAlerts);
