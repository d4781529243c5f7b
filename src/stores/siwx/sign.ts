/**
 * What SIWXSignMessage does (lazy, with the flow): builds the message when it opens (so the
 * statement shown is the one signed), has the wallet sign `message.toString()` (hex on eip155,
 * base58 on solana), hands the result to `addSession`; a failure keeps the view with its error
 * and the next Sign builds a new message (a fresh nonce). Cancel disconnects when sign-in is
 * required, else only closes.
 */
import { map } from 'nanostores';
import type { SIWXMessage, SIWXMessageData } from '../../core/siwx.js';
import { emitEvent } from '../app/events.js';
import { disconnect } from '../connection/disconnect.js';
import { closeModal } from '../ui/modal.js';
import { setSiwxCheck } from '../connection/auth-status.js';
import { siwxConfig, siwxRequired } from './config.js';
import { $siwxTarget, clearSiwxTarget, reportSiwxError, type SiwxTarget } from './flow.js';

export interface SiwxSignState {
  /** The message shown (and signed by the next Sign unless already tried). */
  message: SIWXMessage | undefined;
  /** The wallet is asked (or the message built, or the session added). */
  busy: boolean;
  /** The last failure, shown in the view's alert region. */
  error: unknown;
}

export const $siwxSign = map<SiwxSignState>({ message: undefined, busy: false, error: undefined });

/** The message was tried (signed or refused): the next Sign needs a new one. */
let used = true;
let round = 0;

const failed = (err: unknown): void => {
  $siwxSign.setKey('error', err);
  reportSiwxError(err);
};

async function newMessage(target: SiwxTarget): Promise<SIWXMessage> {
  const config = siwxConfig();
  if (!config) throw new Error('Sign in with X is not configured');
  const message = await config.createMessage({ accountAddress: target.address, chainId: target.caipNetworkId });
  used = false;
  return message;
}

/** The account the shown message was built for. */
let preparedFor: SiwxTarget | undefined;

/**
 * Builds the message for the account asked to sign in (when the view opens or the account
 * changes). The view coming back for the same account (after WalletConnect's ApproveInWallet,
 * which it leaves for while the wallet is asked) keeps its message and a running Sign.
 */
export async function prepareSiwxMessage(): Promise<void> {
  const target = $siwxTarget.get();
  if (target && target === preparedFor) return;
  preparedFor = target;
  const mine = ++round;
  $siwxSign.set({ message: undefined, busy: false, error: undefined });
  used = true;
  if (!target) return;
  try {
    const message = await newMessage(target);
    if (mine === round) $siwxSign.setKey('message', message);
  } catch (err) {
    if (mine === round) failed(err);
  }
}

/** The message's fields, without its toString. */
function fieldsOf(message: SIWXMessage): SIWXMessageData {
  const { toString: _text, ...data } = message;
  return data;
}

/** Sign: true once the session is added (the modal then closes). */
export async function signInWithWallet(): Promise<boolean> {
  const target = $siwxTarget.get();
  const config = siwxConfig();
  if (!target || !config || $siwxSign.get().busy) return false;
  const mine = ++round;
  $siwxSign.setKey('busy', true);
  $siwxSign.setKey('error', undefined);
  try {
    let message = $siwxSign.get().message;
    if (!message || used) {
      message = await newMessage(target);
      $siwxSign.setKey('message', message);
    }
    used = true;
    const text = message.toString();
    const { signMessage } = await import('../connection/requests.js');
    const signature = await signMessage(text, target.namespace);
    // Cancelled (or another account asked) while the wallet was asked: that signature is not used.
    if (mine !== round) return false;
    await config.addSession({ data: fieldsOf(message), message: text, signature });
    if (mine !== round) return false;
    $siwxSign.setKey('busy', false);
    setSiwxCheck(`${target.caipNetworkId}:${target.address}`, 'authenticated');
    emitEvent('SIWX_AUTH_SUCCESS', { namespace: target.namespace, address: target.address, caipNetworkId: target.caipNetworkId });
    clearSiwxTarget();
    return true;
  } catch (err) {
    if (mine === round) {
      $siwxSign.setKey('busy', false);
      failed(err);
    }
    return false;
  }
}

/** Cancel: when sign-in is required the account disconnects; the modal closes either way. */
export async function cancelSignIn(): Promise<void> {
  const required = siwxRequired();
  round++;
  $siwxSign.setKey('busy', false);
  clearSiwxTarget(false);
  if (required) await disconnect();
  closeModal();
}
