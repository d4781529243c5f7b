/**
 * The embedded wallet's actions, for the views (the contract between the views and the
 * connector's stores): e-mail login (spec 4: ConnectEmail, then device approval, the one-time
 * code, the user), the restore on reload, e-mail change, export and leaving an approval.
 * Loaded lazily (the first chunk's e-mail handler and the views import it).
 */
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { EMAIL_COOLDOWN_MS, FRAME_POLL_MS, OTP_LENGTH } from '../../frame/constants.js';
import type { ChainNamespace } from '../../core/caip.js';
import { storage } from '../app/storage.js';
import { getAccountState, patchAccount, resetAccount } from '../connection/account.js';
import { validateEmail, type EmailProblem } from '../connection/connect.js';
import { $router, popTo, pushView, replaceView, resetRouter } from '../ui/router.js';
import { showErrorOf, showToast } from '../ui/toast.js';
import { abortPendingApproval, onApprovalAbort, showFrameTask } from './approval.js';
import { frameRequest } from './frame.js';
import { AUTH_CONNECTOR_ID } from '../connection/connector-ids.js';
import { clearLoginCache } from './login-cache.js';
import { leaveConnectFlow } from '../ui/after-connect.js';
import { forgetStoredConnection } from '../connection/disconnect.js';
import { handOverActiveNamespace } from '../connection/active-namespace.js';
import { connectUser, setUserEmail } from './session.js';
import { $emailChange, $emailLogin, $embeddedUser } from './state.js';

export { abortPendingApproval };

/** How long e-mail change waits for the new address to show in the user (spec 4: polled every 1 s). */
const EMAIL_CHANGE_POLL_LIMIT_MS = 10_000;

/** 'Please try again after N seconds' when the cooldown has not passed (spec 5). */
function cooldownError(): EmbeddedWalletError | undefined {
  const left = Math.ceil(($emailLogin.get().resendAt - Date.now()) / 1000);
  if (left <= 0) return undefined;
  return new EmbeddedWalletError(`Please try again after ${left} seconds`, { code: left, messageCode: 'EmailCooldown' });
}

const otpProblem = (otp: string): EmbeddedWalletError | undefined =>
  new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp) ? undefined : new EmbeddedWalletError('Invalid input', { messageCode: 'CodeInvalid' });

const mailSent = (): void => $emailLogin.setKey('resendAt', Date.now() + EMAIL_COOLDOWN_MS);

/** Logged in: the user, the providers to the connection module; the modal leaves the connect flow (closes). */
async function finishLogin(): Promise<void> {
  const user = await frameRequest('GetUser', {});
  await connectUser(user);
  $emailLogin.set({ ...$emailLogin.get(), step: 'connected', error: undefined });
  await leaveConnectFlow();
}

/** The e-mail login running now: a newer one (another address after Back) makes the older one stale. */
let loginAttempt = 0;

/** Runs e-mail login for a valid address (the Connect view's field and EmailLogin's form). */
export async function loginWithEmail(email: string): Promise<void> {
  const attempt = ++loginAttempt;
  // A newer login started meanwhile: this one's outcome (its device wait ending, its error) is dropped.
  const stale = (): boolean => attempt !== loginAttempt;
  const previous = $emailLogin.get();
  if (previous.email === email && previous.step !== 'idle' && previous.step !== 'connected') {
    const wait = cooldownError();
    if (wait) {
      $emailLogin.setKey('error', wait);
      if ($router.get().view === 'Connect') pushView('EmailLogin');
      return;
    }
  }
  $emailLogin.set({ step: 'sending', email, error: undefined, resendAt: previous.email === email ? previous.resendAt : 0 });
  try {
    const { action } = await frameRequest('ConnectEmail', { email });
    if (stale()) return;
    if (action === 'CONNECT') return await finishLogin();
    mailSent();
    if (action === 'VERIFY_OTP') {
      $emailLogin.setKey('step', 'otp');
      return pushView('EmailVerifyOtp', { email });
    }
    $emailLogin.setKey('step', 'device');
    pushView('EmailVerifyDevice', { email });
    await frameRequest('ConnectDevice', {});
    if (stale()) return;
    // Approved: the code mail follows by itself.
    mailSent();
    $emailLogin.set({ ...$emailLogin.get(), step: 'otp', error: undefined });
    if ($router.get().view === 'EmailVerifyDevice') replaceView('EmailVerifyOtp', { email });
    else pushView('EmailVerifyOtp', { email });
  } catch (err) {
    if (stale()) return;
    const step = $emailLogin.get().step;
    $emailLogin.set({ ...$emailLogin.get(), step: step === 'device' ? 'device' : 'idle', error: err });
    // Sending failed from Connect's inline field: EmailLogin shows the error until the user acts.
    if (step === 'sending' && $router.get().view === 'Connect') pushView('EmailLogin');
  }
}

/** Starts e-mail login (EmailLogin's form); returns the input's problem, if any. */
export function submitEmail(email: string): EmailProblem | undefined {
  const problem = validateEmail(email);
  if (problem) return problem;
  void loginWithEmail(email.trim());
  return undefined;
}

/**
 * A refusal that ends the login (its ten wrong codes, or it lapsed): neither a new code nor a
 * resend can help, so the user is taken back to the address form (EmailLogin, the address kept)
 * with the refusal's words, to start again.
 */
function loginEnded(err: unknown): boolean {
  const code = err instanceof EmbeddedWalletError ? err.messageCode : undefined;
  if (code !== 'AttemptsEnded' && code !== 'LoginNotPending') return false;
  $emailLogin.set({ ...$emailLogin.get(), step: 'idle', error: err });
  if (!popTo('EmailLogin')) replaceView('EmailLogin');
  return true;
}

/** Sends the pending login's mail again (device approval or code), respecting the cooldown. */
export async function resendEmail(): Promise<void> {
  const wait = cooldownError();
  if (wait) return void $emailLogin.setKey('error', wait);
  $emailLogin.setKey('error', undefined);
  try {
    await frameRequest('ResendEmail', {});
    mailSent();
  } catch (err) {
    if (!loginEnded(err)) $emailLogin.setKey('error', err);
  }
}

/** Checks a one-time code (EmailVerifyOtp); on success the wallet connects and Account shows. */
export async function submitOtp(otp: string): Promise<void> {
  const invalid = otpProblem(otp);
  if (invalid) return void $emailLogin.setKey('error', invalid);
  // The sixth digit and a paste may both submit: one check at a time.
  if ($emailLogin.get().step === 'verifying') return;
  $emailLogin.set({ ...$emailLogin.get(), step: 'verifying', error: undefined });
  try {
    await frameRequest('ConnectOtp', { otp });
    await finishLogin();
  } catch (err) {
    if (!loginEnded(err)) $emailLogin.set({ ...$emailLogin.get(), step: 'otp', error: err });
  }
}

let restoring: Promise<void> | undefined;

/** Reload (spec 4): with a live session the user comes back without a code; otherwise the cache is cleared. */
export function restoreEmbedded(): Promise<void> {
  restoring ??= (async () => {
    const stored = Object.entries(storage.get('connectedConnectorIds') ?? {})
      .filter(([, id]) => id === AUTH_CONNECTOR_ID)
      .map(([ns]) => ns as ChainNamespace);
    for (const namespace of stored)
      if (getAccountState(namespace).status === 'disconnected') patchAccount(namespace, { status: 'connecting' });
    try {
      const { isConnected } = await frameRequest('IsConnected', {});
      if (!isConnected) throw new EmbeddedWalletError('No live session');
      const last = storage.get('lastUsedChain');
      const user = await frameRequest('GetUser', last && /^(eip155|solana):/.test(last) ? { chainId: last } : {});
      await connectUser(user, true);
      $emailLogin.set({ step: 'connected', email: user.email ?? undefined, error: undefined, resendAt: 0 });
    } catch {
      clearLoginCache();
      for (const namespace of stored) {
        if (getAccountState(namespace).status !== 'connecting') continue;
        resetAccount(namespace);
        forgetStoredConnection(namespace);
        handOverActiveNamespace(namespace);
      }
    }
  })().finally(() => {
    restoring = undefined;
  });
  return restoring;
}

/** Starts an e-mail change (UpdateEmailWallet); returns the input's problem, if any (the current address is one). */
export function startEmailChange(newEmail: string): EmailProblem | undefined {
  const problem = validateEmail(newEmail);
  if (problem) return problem;
  const email = newEmail.trim();
  if (email.toLowerCase() === $embeddedUser.get()?.email?.toLowerCase()) return 'SAME_AS_CURRENT';
  $emailChange.set({ step: 'sending', newEmail: email, error: undefined });
  frameRequest('UpdateEmail', { email }).then(
    () => $emailChange.set({ step: 'primary', newEmail: email, error: undefined }),
    (err: unknown) => $emailChange.set({ step: 'idle', newEmail: email, error: err }),
  );
  return undefined;
}

async function waitForEmail(email: string): Promise<void> {
  const until = Date.now() + EMAIL_CHANGE_POLL_LIMIT_MS;
  for (;;) {
    const user = await frameRequest('GetUser', {}).catch(() => undefined);
    if (user?.email === email || Date.now() >= until) break;
    await new Promise((r) => setTimeout(r, FRAME_POLL_MS));
  }
  setUserEmail(email);
}

/** Checks the code sent to the current address, then the one sent to the new address. */
export async function submitEmailChangeOtp(otp: string): Promise<void> {
  const state = $emailChange.get();
  const invalid = otpProblem(otp);
  if (invalid) return void $emailChange.setKey('error', invalid);
  if (state.step !== 'primary' && state.step !== 'secondary') return;
  const step = state.step;
  $emailChange.set({ ...state, step: 'verifying', error: undefined });
  try {
    if (step === 'primary') {
      await frameRequest('UpdateEmailPrimaryOtp', { otp });
      return void $emailChange.set({ ...$emailChange.get(), step: 'secondary' });
    }
    const { newEmail } = await frameRequest('UpdateEmailSecondaryOtp', { otp });
    await waitForEmail(newEmail);
    $emailChange.set({ step: 'done', newEmail, error: undefined });
    // Back to Account with the new address; the next change starts afresh.
    if ($router.get().view === 'UpdateEmailWallet') resetRouter('Account');
    showToast({ code: 'EMAIL_UPDATED' }, 'success');
    $emailChange.set({ step: 'idle', newEmail: undefined, error: undefined });
  } catch (err) {
    $emailChange.set({ ...$emailChange.get(), step, error: err });
  }
}

/** Opens the frame's export screen (a fresh code, then the keys), shown in the modal. */
export async function exportKey(): Promise<void> {
  if (!$embeddedUser.get()) return;
  const done = showFrameTask({ kind: 'export' });
  let stopAbort: () => void = () => undefined;
  const left = new Promise<void>((resolve) => {
    stopAbort = onApprovalAbort(resolve);
  });
  try {
    await Promise.race([frameRequest('ExportKey', {}, { timeoutMs: null }), left]);
  } catch (err) {
    showErrorOf(err);
  } finally {
    stopAbort();
    done();
  }
}
