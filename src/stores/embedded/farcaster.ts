/**
 * Farcaster login (ConnectingFarcaster; lazy): the frame gives a sign-in link (shown as a QR code
 * and a link), then ConnectFarcaster waits (at most FARCASTER_WAIT_MS a call) until the user
 * approves; a wait that ran out asks again while the link lives. A lapsed link is 'expired' (the
 * view offers a new one); any other failure stays with 'Try again'. The view only listens
 * (`$farcasterSignIn`): listening starts a sign-in unless one is there; leaving the view (its last
 * listener gone, or the route) or closing the modal stops it.
 */
import { computed, onStart, onStop } from 'nanostores';
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { $modal } from '../ui/modal.js';
import { $router } from '../ui/router.js';
import { leaveConnectFlow } from '../ui/after-connect.js';
import { frameRequest } from './frame.js';
import { connectUser } from './session.js';
import { storeSocialUser } from './social.js';
import { $farcasterLogin } from './state.js';

/** The frame's codes for a link not approved yet (409, or the wait ran out: 408) and a lapsed one (410). */
const PENDING_CODES = new Set([408, 409]);
const EXPIRED_CODE = 410;
/** At most this many waits per link (the link lives FARCASTER_CHANNEL_TTL_MS; each wait is up to 115 s). */
const MAX_WAITS = 8;

/** Each start bumps this: an older run that comes back finds it changed and stops. */
let run = 0;

const codeOf = (err: unknown): number | undefined => {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
};

/** Stops the running sign-in (its result, if it comes, is dropped); the state goes idle. */
export function stopFarcaster(): void {
  run++;
  $farcasterLogin.set({ step: 'idle', url: undefined, expiresAt: 0, error: undefined });
}

/**
 * The sign-in as ConnectingFarcaster reads it: its first listener starts one unless one is there
 * (a link shown, a failure kept for 'Try again'), its last listener gone stops it.
 */
export const $farcasterSignIn = computed($farcasterLogin, (login) => login);
onStart($farcasterSignIn, () => {
  if ($farcasterLogin.get().step === 'idle') void startFarcaster();
});
onStop($farcasterSignIn, () => stopFarcaster());

/** Gets a sign-in link and waits for its approval; on approval the wallet connects and Account shows. */
export async function startFarcaster(): Promise<void> {
  const mine = ++run;
  const live = (): boolean => mine === run;
  $farcasterLogin.set({ step: 'loading', url: undefined, expiresAt: 0, error: undefined });
  const stops = [
    $router.listen((r) => {
      if (r.view !== 'ConnectingFarcaster' && live()) stopFarcaster();
    }),
    $modal.listen((m) => {
      if (!m.open && live()) stopFarcaster();
    }),
  ];
  try {
    const { url, expiresAt } = await frameRequest('GetFarcasterUri', {});
    if (!live()) return;
    $farcasterLogin.set({ step: 'waiting', url, expiresAt, error: undefined });
    for (let waits = 0; ; waits++) {
      try {
        await frameRequest('ConnectFarcaster', {});
        break;
      } catch (err) {
        if (!live()) return;
        const code = codeOf(err);
        if (code === EXPIRED_CODE || Date.now() >= expiresAt)
          return void $farcasterLogin.set({ ...$farcasterLogin.get(), step: 'expired' });
        if (code === undefined || !PENDING_CODES.has(code) || waits + 1 >= MAX_WAITS) throw err;
      }
    }
    if (!live()) return;
    $farcasterLogin.setKey('step', 'connecting');
    const user = await frameRequest('GetUser', {});
    if (!live()) return;
    await connectUser(user);
    storeSocialUser('farcaster', user);
    $farcasterLogin.set({ step: 'idle', url: undefined, expiresAt: 0, error: undefined });
    await leaveConnectFlow();
  } catch (err) {
    if (live())
      $farcasterLogin.set({ ...$farcasterLogin.get(), step: 'error', error: err instanceof Error ? err : new EmbeddedWalletError() });
  } finally {
    for (const stop of stops) stop();
  }
}
