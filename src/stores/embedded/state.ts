/**
 * The embedded wallet's state (spec sections 3 and 4), read by the e-mail views, the account
 * view and the modal. The actions that change it are in `./actions.ts` (lazy, with the bridge).
 * Errors are kept as thrown (a `W3Error` or a frame's `Error`); the views show them through
 * `errorMessage()` of `src/elements/l10n/errors.ts`.
 */
import { atom, map } from 'nanostores';
import type { EmbeddedNamespace } from '../../chains/frame-namespaces.js';
import type { OAuthProvider } from '../../frame/constants.js';
import type { FrameUser } from '../../frame/messages.js';
import { resettable } from '../app/reset.js';

/**
 * Where e-mail login is: nothing yet; sending the e-mail; waiting for the device-approval link
 * (EmailVerifyDevice); waiting for the code (EmailVerifyOtp); checking the code; logged in.
 */
export type EmailLoginStep = 'idle' | 'sending' | 'device' | 'otp' | 'verifying' | 'connected';

export interface EmailLoginState {
  step: EmailLoginStep;
  /** The address being logged in (shown by the verify views). */
  email: string | undefined;
  /** The last failure (a wrong code, the cooldown, the backend gone), until the user acts again. */
  error: unknown;
  /** When a new mail may be requested (epoch ms; 0: now): the 30 s cooldown (spec 5). */
  resendAt: number;
}

/** Idle again on resetStores(), like every login store here. */
export const $emailLogin = resettable(map<EmailLoginState>({ step: 'idle', email: undefined, error: undefined, resendAt: 0 }));

/** E-mail change (spec 4): the code to the current address, then to the new one, then stored. */
export type EmailChangeStep = 'idle' | 'sending' | 'primary' | 'secondary' | 'verifying' | 'done';

export interface EmailChangeState {
  step: EmailChangeStep;
  newEmail: string | undefined;
  error: unknown;
}

export const $emailChange = resettable(map<EmailChangeState>({ step: 'idle', newEmail: undefined, error: undefined }));

/** The embedded wallet's user while logged in (its e-mail shows in the account view); none again on resetStores(). */
export const $embeddedUser = resettable(atom<FrameUser | undefined>(undefined));

/** The frame's iframe (its own module: the first chunk needs it, not the rest of this one). */
export { $frameElement } from './frame-element.js';

/**
 * Whether the modal shows the frame (the frame asked to be seen: an approval or the export
 * screen) and the frame's content height in CSS pixels.
 */
export const $frameView = map<{ visible: boolean; height: number }>({ visible: false, height: 0 });

/**
 * What the frame shows in the ApproveTransaction view, for its heading: an RPC request waiting
 * for the user's approval, or the export screen.
 */
export type FrameTask =
  | { kind: 'rpc'; namespace: EmbeddedNamespace; method: string }
  | { kind: 'export' }
  | { kind: 'passkey' }
  /** The frame asks to keep the login on this browser (the Storage Access API, from the user's click). */
  | { kind: 'storage' };
export const $frameTask = atom<FrameTask | undefined>(undefined);

/**
 * Social login (spec 4): the popup is open and the provider's login runs ('authenticating'), the
 * frame makes the session ('connecting'), or it failed ('error': popup closed, failed to initiate
 * social connection, failed to connect), shown in ConnectingSocial with 'Try again' until the
 * user acts.
 */
export type SocialLoginStep = 'idle' | 'authenticating' | 'connecting' | 'error';
export const $socialLogin = resettable(
  map<{ step: SocialLoginStep; provider: OAuthProvider | undefined; error: unknown }>({
    step: 'idle',
    provider: undefined,
    error: undefined,
  }),
);

/** Farcaster (ConnectingFarcaster): the sign-in link while it lives, and the last failure. */
export type FarcasterStep = 'idle' | 'loading' | 'waiting' | 'connecting' | 'expired' | 'error';
export const $farcasterLogin = resettable(
  map<{ step: FarcasterStep; url: string | undefined; expiresAt: number; error: unknown }>({
    step: 'idle',
    url: undefined,
    expiresAt: 0,
    error: undefined,
  }),
);

/**
 * Passkeys: login from Connect, and an add or remove of the account's passkeys under way (busy) or
 * failed (error); the list itself is a fetcher store of the Passkeys view (./passkey-list.ts).
 */
export type PasskeyStep = 'idle' | 'working' | 'error';
export const $passkeyLogin = resettable(map<{ step: PasskeyStep; error: unknown }>({ step: 'idle', error: undefined }));
export const $passkeyChanges = resettable(map<{ error: unknown; busy: boolean }>({ error: undefined, busy: false }));
