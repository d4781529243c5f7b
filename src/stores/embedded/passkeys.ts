/**
 * The embedded wallet's passkeys (issue 16), for the views (lazy, like `./actions.ts`): login
 * with a passkey alone from Connect, and adding and removing the account's passkeys from the
 * Passkeys view (the list: ./passkey-list.ts).
 * The frame does the WebAuthn ceremonies on its own origin; adding one shows the frame in the
 * modal (ApproveTransaction), since a cross-origin frame may create a credential only after a
 * click inside it ('Create passkey').
 */
import { leaveConnectFlow } from '../ui/after-connect.js';
import { showToast } from '../ui/toast.js';
import { onApprovalAbort, showFrameTask } from './approval.js';
import { frameRequest } from './frame.js';
import { loadPasskeys, resetPasskeys } from './passkey-list.js';
import { connectUser } from './session.js';
import { $embeddedUser, $passkeyChanges, $passkeyLogin } from './state.js';

/** The frame's answer when the user cancelled (the frame's 'Cancel', or the browser's dialog dismissed). */
const USER_REJECTED = 4001;

/** Whether `err` is the user cancelling (quiet: no message). */
function isCancel(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === USER_REJECTED;
}

/**
 * Logs in with a passkey alone (ConnectPasskey), then connects the user and closes the modal. A
 * failure stays in `$passkeyLogin` until the user acts again.
 */
export async function loginWithPasskey(): Promise<void> {
  if ($passkeyLogin.get().step === 'working') return;
  $passkeyLogin.set({ step: 'working', error: undefined });
  try {
    await frameRequest('ConnectPasskey', {});
    const user = await frameRequest('GetUser', {});
    await connectUser(user);
    $passkeyLogin.set({ step: 'idle', error: undefined });
    await leaveConnectFlow();
  } catch (err) {
    $passkeyLogin.set({ step: 'error', error: err });
  }
}

/** Forgets the last passkey login failure (the user acts again, or leaves). */
export function clearPasskeyLoginError(): void {
  if ($passkeyLogin.get().step === 'error') $passkeyLogin.set({ step: 'idle', error: undefined });
}

/**
 * Adds a passkey: ApproveTransaction shows the frame's own 'Create passkey' screen until the
 * frame answers (or the user leaves it). Then the list is reloaded and 'Passkey added' shows; a
 * cancel is quiet; another failure is kept in `$passkeyChanges.error`.
 */
export async function addPasskey(): Promise<void> {
  if (!$embeddedUser.get() || $passkeyChanges.get().busy) return;
  $passkeyChanges.set({ busy: true, error: undefined });
  const done = showFrameTask({ kind: 'passkey' });
  let stopAbort: () => void = () => undefined;
  const left = new Promise<'left'>((resolve) => {
    stopAbort = onApprovalAbort(() => resolve('left'));
  });
  let added = false;
  try {
    // The user takes their time in the browser's dialog: no request timeout.
    const outcome = await Promise.race([frameRequest('AddPasskey', {}, { timeoutMs: null }), left]);
    added = outcome !== 'left';
  } catch (err) {
    if (!isCancel(err)) $passkeyChanges.setKey('error', err);
  } finally {
    stopAbort();
    done();
    $passkeyChanges.setKey('busy', false);
  }
  if (!added) return;
  showToast({ code: 'PASSKEY_ADDED' }, 'success');
  await loadPasskeys();
}

/** Removes a passkey (RemovePasskey), reloads the list and says 'Passkey removed'; a failure is kept in `$passkeyChanges.error`. */
export async function removePasskey(id: string): Promise<void> {
  if ($passkeyChanges.get().busy) return;
  $passkeyChanges.set({ busy: true, error: undefined });
  try {
    await frameRequest('RemovePasskey', { id });
  } catch (err) {
    return void $passkeyChanges.set({ busy: false, error: err });
  }
  $passkeyChanges.setKey('busy', false);
  showToast({ code: 'PASSKEY_REMOVED' }, 'success');
  await loadPasskeys();
}

/** Another user (or none) means another list, and no old login failure. */
$embeddedUser.listen((user) => {
  if (user) return;
  resetPasskeys();
  $passkeyLogin.set({ step: 'idle', error: undefined });
});
