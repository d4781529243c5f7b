/**
 * When the modal's eip155 restore has settled, for the connector's `isAuthorized`: wagmi stays
 * `reconnecting` until it answers, so a reload shows no 'disconnected' while the modal restores.
 */
import type { W3ModalInstance } from '../instance.js';

/**
 * The modal's stored connector per namespace (spec section 3, "Stored locally": the key
 * `@w3kit/connectedConnectorIds`). Read, never written: it says a restore is coming before the
 * modal's session chunk has loaded and marked the account 'connecting'.
 */
const STORED_CONNECTORS_KEY = '@w3kit/connectedConnectorIds';

/** Whether the modal has a stored eip155 connection it will restore on this page. */
export function expectsRestore(): boolean {
  try {
    if (typeof localStorage === 'undefined') return false;
    const raw = localStorage.getItem(STORED_CONNECTORS_KEY);
    if (!raw) return false;
    const stored: unknown = JSON.parse(raw);
    return typeof stored === 'object' && stored !== null && typeof (stored as Record<string, unknown>)['eip155'] === 'string';
  } catch {
    return false;
  }
}

/**
 * Resolves once the modal's eip155 account is not being connected or restored: connected, or
 * disconnected with no restore to wait for (or the restore came and failed). At most `timeoutMs`.
 */
export function restoreSettled(modal: W3ModalInstance, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    let sawConnecting = false;
    // Set once subscribed: the first check runs inside subscribeAccount, before it returns.
    const subscription: { stop?: () => void } = {};
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription.stop?.();
      resolve();
    };
    const check = (): void => {
      const status = modal.getAccount('eip155').status;
      if (status === 'connecting') sawConnecting = true;
      else if (status === 'connected' || sawConnecting || !expectsRestore()) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    subscription.stop = modal.subscribeAccount(check, 'eip155');
    if (done) subscription.stop();
  });
}
