/**
 * Social login (spec 4): the popup is opened on the click itself, before any await, so no
 * popup blocker stops it; the frame gives the provider's authorization URL, the popup goes there,
 * and the frame origin's callback page posts `socialResultSchema` back. Only a message from the
 * frame's origin AND from this popup that parses is taken. The popup is polled for closing every
 * SOCIAL_POPUP_POLL_MS. The failures ('Popup closed', 'Failed to initiate social connection',
 * 'Failed to connect') stay in ConnectingSocial with 'Try again' until the user acts; leaving the
 * view or closing the modal ends the login (and closes the popup). Every listener and timer is
 * removed on every ending. The Connect view imports this module (it must open the popup in the
 * click), so the bridge, the result's schema and the session module load only when used.
 */
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import type { SocialProvider } from '../../core/options.js';
import { logger } from '../../core/logger.js';
import { SOCIAL_NAMES } from '../../core/social-names.js';
import { SOCIAL_ERROR_TEXT, SOCIAL_POPUP, SOCIAL_POPUP_POLL_MS, type OAuthProvider } from '../../frame/constants.js';
import type { FrameUser, SocialResult } from '../../frame/messages.js';
import { storage } from '../app/storage.js';
import { $options } from '../app/options.js';
import { $modal } from '../ui/modal.js';
import { $router, pushView, replaceView } from '../ui/router.js';
import { leaveConnectFlow } from '../ui/after-connect.js';
import { $socialLogin } from './state.js';

/** How long a closed popup's result may still arrive before 'Popup closed' (its page posts, then closes). */
const POPUP_CLOSED_GRACE_MS = 500;

/** The popup's window name: a second click reuses the same window. */
export const SOCIAL_POPUP_NAME = 'w3kit-social';

/** Re-exported for the views that load this module anyway (the social buttons' names). */
export { SOCIAL_NAMES };

/** The login running now: how to end it (closing its popup and dropping its listeners). */
let current: { end: () => void } | undefined;

const failure = (text: string, details?: string, cause?: unknown): EmbeddedWalletError =>
  new EmbeddedWalletError(text, { ...(details ? { details } : {}), ...(cause === undefined ? {} : { cause }) });

/** A failure's own words (the frame's reply), as the detail under the spec's text. */
const detailOf = (err: unknown): string | undefined =>
  err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : undefined;

/** The popup's features: 600 by 800, centred on the page's window. */
export function popupFeatures(): string {
  const { width, height } = SOCIAL_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

/** Stores what the connected wallet info shows (spec 3): the provider and the username. */
export function storeSocialUser(provider: OAuthProvider | 'farcaster', user: FrameUser): void {
  storage.set('socialProvider', provider);
  if (user.userName) storage.set('socialUsername', user.userName);
  else storage.remove('socialUsername');
}

/** A social button's click: Farcaster opens ConnectingFarcaster, the others log in through the popup. */
export function startSocialLogin(provider: SocialProvider): void {
  if (provider === 'farcaster') return pushView('ConnectingFarcaster', { title: SOCIAL_NAMES.farcaster });
  void loginWithSocial(provider);
}

/** Ends the running login, if any (leaving ConnectingSocial, closing the modal, a new login). */
export function cancelSocialLogin(): void {
  current?.end();
}

/**
 * Logs in with `provider`. Call it straight from the click handler: the popup opens before the
 * first await. Resolves once the popup's part is over (its result taken, a failure, or the login
 * left); on success the session and Account follow (`$socialLogin` says when). Never rejects.
 */
export function loginWithSocial(provider: OAuthProvider): Promise<void> {
  cancelSocialLogin();
  // Synchronous, on the click: a popup opened after an await would be blocked.
  let popup: Window | null = null;
  try {
    popup = window.open('', SOCIAL_POPUP_NAME, popupFeatures());
  } catch (err) {
    logger.debug('Could not open the social login popup', err);
  }
  const data = { title: SOCIAL_NAMES[provider] };
  if ($router.get().view === 'ConnectingSocial') replaceView('ConnectingSocial', data);
  else pushView('ConnectingSocial', data);
  $socialLogin.set({ step: 'authenticating', provider, error: undefined });
  if (!popup) {
    logger.warn('The social login popup was blocked');
    $socialLogin.set({ step: 'error', provider, error: failure(SOCIAL_ERROR_TEXT.initiate) });
    return Promise.resolve();
  }
  return run(provider, popup);
}

function run(provider: OAuthProvider, popup: Window): Promise<void> {
  const secureSiteUrl = $options.get()?.secureSiteUrl;
  const frameOrigin = secureSiteUrl ? new URL(secureSiteUrl).origin : undefined;
  return new Promise<void>((resolve) => {
    let ended = false;
    const stops: (() => void)[] = [];
    const end = (): void => {
      if (ended) return;
      ended = true;
      if (current === login) current = undefined;
      for (const stop of stops) stop();
      if (!popup.closed) popup.close();
      resolve();
    };
    const login = { end };
    current = login;
    const fail = (error: EmbeddedWalletError): void => {
      end();
      $socialLogin.set({ step: 'error', provider, error });
    };

    // The result's parser (zod, with the frame's messages) loads with the first request.
    let parse: ((data: unknown) => { success: true; data: SocialResult } | { success: false }) | undefined;
    function onMessage(event: MessageEvent): void {
      if (event.origin !== frameOrigin || event.source !== popup) {
        logger.debug('Ignored a message that is not the social popup from the frame origin', event.origin);
        return;
      }
      const parsed = parse?.(event.data);
      if (!parsed?.success) {
        logger.debug('Ignored a malformed social result');
        return;
      }
      end();
      if (!parsed.data.ok)
        return void $socialLogin.set({ step: 'error', provider, error: failure(SOCIAL_ERROR_TEXT.connect, parsed.data.message) });
      void finish(provider, parsed.data.completion);
    }

    window.addEventListener('message', onMessage);
    // The callback page posts its result and then closes itself: a poll that sees the popup closed
    // waits a moment, so a result already on its way is taken before 'Popup closed' is said.
    let grace: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => {
      if (!popup.closed || grace) return;
      grace = setTimeout(() => {
        if (!ended) fail(failure(SOCIAL_ERROR_TEXT.popupClosed));
      }, POPUP_CLOSED_GRACE_MS);
    }, SOCIAL_POPUP_POLL_MS);
    stops.push(
      () => window.removeEventListener('message', onMessage),
      () => clearInterval(poll),
      () => clearTimeout(grace),
    );
    // Leaving ConnectingSocial or closing the modal ends the login (and closes the popup).
    const leave = (): void => {
      end();
      $socialLogin.set({ step: 'idle', provider: undefined, error: undefined });
    };
    stops.push(
      $router.listen((r) => {
        if (r.view !== 'ConnectingSocial') leave();
      }),
      $modal.listen((m) => {
        if (!m.open) leave();
      }),
    );

    if (!frameOrigin) {
      logger.warn('Social login needs secureSiteUrl');
      return fail(failure(SOCIAL_ERROR_TEXT.initiate));
    }
    // The bridge and the result's schema load now: the Connect view imports this module.
    const redirect = import('./frame.js').then((m) => m.frameRequest('GetSocialRedirectUri', { provider }));
    Promise.all([import('../../frame/messages.js'), redirect]).then(
      ([{ socialResultSchema }, { uri }]) => {
        if (ended) return;
        parse = (data) => socialResultSchema.safeParse(data);
        try {
          popup.location.href = uri;
        } catch (err) {
          fail(failure(SOCIAL_ERROR_TEXT.initiate, undefined, err));
        }
      },
      (err: unknown) => {
        if (!ended) fail(failure(SOCIAL_ERROR_TEXT.initiate, detailOf(err), err));
      },
    );
  });
}

/** The popup said the provider's login worked: the frame makes the session, then the user connects. */
async function finish(provider: OAuthProvider, completion: string | undefined): Promise<void> {
  $socialLogin.set({ step: 'connecting', provider, error: undefined });
  try {
    const { frameRequest } = await import('./frame.js');
    await frameRequest('ConnectSocial', completion === undefined ? {} : { completion });
    const user = await frameRequest('GetUser', {});
    const { connectUser } = await import('./session.js');
    await connectUser(user);
    storeSocialUser(provider, user);
    $socialLogin.set({ step: 'idle', provider: undefined, error: undefined });
    await leaveConnectFlow();
  } catch (err) {
    $socialLogin.set({ step: 'error', provider, error: failure(SOCIAL_ERROR_TEXT.connect, detailOf(err), err) });
  }
}
