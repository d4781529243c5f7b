import { atom } from 'nanostores';

export type AlertVariant = 'error' | 'warning';

/** The alert catalogue of spec section 8. Alerts are errors unless their entry says `variant: 'warning'`. */
export const ALERTS = {
  NETWORK_NOT_FOUND: { shortMessage: 'Network Not Found', longMessage: 'The network is not one of the networks this app configured.' },
  INVALID_APP_CONFIGURATION: {
    shortMessage: 'Invalid App Configuration',
    longMessage: 'This page is not allowed to use this project, or the project id is invalid.',
    once: true,
  },
  EMBEDDED_WALLET_LOAD_FAILED: {
    shortMessage: 'Network Error - Could not load embedded wallet',
    longMessage: 'The embedded wallet could not be reached. Check the connection and try again.',
  },
  EMBEDDED_WALLET_TIMEOUT: {
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'The embedded wallet did not answer in time.',
  },
  SESSION_EXPIRED: { shortMessage: 'Session Expired', longMessage: 'Your session expired. Connect again to continue.' },
  PROJECT_ID_NOT_CONFIGURED: { shortMessage: 'Project ID Not Configured', longMessage: 'Set a project id to use the backend.' },
  SERVER_ERROR: { shortMessage: 'Server Error', longMessage: 'The server answered with an error. Try again later.' },
  RATE_LIMITED: { shortMessage: 'Rate Limited', longMessage: 'Too many requests. Wait a moment and try again.' },
  UNVERIFIED_DOMAIN: { shortMessage: 'Unverified Domain', longMessage: 'This domain is not verified for this project.' },
  LOCAL_CONFIGURATION_IGNORED: {
    shortMessage: 'Local configuration ignored',
    longMessage: "The project's remote configuration overrides some features set in the page's options.",
    variant: 'warning',
    once: true,
  },
} as const satisfies Record<string, { shortMessage: string; longMessage: string; variant?: AlertVariant; once?: boolean }>;

export type AlertCode = keyof typeof ALERTS;
export interface AlertState {
  code: AlertCode;
  shortMessage: string;
  longMessage: string;
  variant: AlertVariant;
}

export const $alert = atom<AlertState | undefined>(undefined);
const shownOnce = new Set<AlertCode>();

/** Shows an alert; those marked `once` (Invalid App Configuration, Local configuration ignored) show only the first time. */
export function showAlert(code: AlertCode): boolean {
  const entry = ALERTS[code];
  if ('once' in entry && entry.once) {
    if (shownOnce.has(code)) return false;
    shownOnce.add(code);
  }
  const variant: AlertVariant = 'variant' in entry ? entry.variant : 'error';
  $alert.set({ code, shortMessage: entry.shortMessage, longMessage: entry.longMessage, variant });
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
