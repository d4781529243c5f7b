/**
 * The frame's 'Create passkey' screen: what a passkey does for this wallet, 'Create passkey' and
 * 'Cancel'. WebAuthn lets a cross-origin frame create a credential only on a user's click inside
 * it, so the creation runs from this button's trusted click. A failure shows here, in the
 * product's words (never the browser's), and the user can try again or cancel; Cancel rejects
 * with 'Passkey creation cancelled'.
 */
import { W3Error } from '../../../core/errors/base.js';
import type { Passkey } from '../../messages.js';
import type { PasskeyScreen } from '../context.js';
import { commonTexts } from '../l10n/common-texts.js';
import { passkeyTexts } from '../l10n/passkey-texts.js';
import { FRAME_REPLY_TEXT } from '../texts.js';
import { el, say, trustedButton, type Surface } from './surface.js';

/** The words for a failed creation, in the host's locale: never the browser's or the server's message. */
const failureKey = (reason: unknown): 'passkeysUnsupported' | 'passkeyNotCreated' =>
  reason instanceof W3Error && reason.shortMessage === FRAME_REPLY_TEXT.passkeysUnsupported ? 'passkeysUnsupported' : 'passkeyNotCreated';

/** `locale`: the locale the host sent (absent: English); the screen's texts follow it while shown. */
export function createPasskeyScreen(surface: Surface, locale: () => string | undefined = () => undefined): PasskeyScreen {
  const t = () => passkeyTexts(locale());
  let cancelShown: (() => void) | undefined;
  return {
    dismiss() {
      cancelShown?.();
    },
    run(create) {
      // A second request replaces the screen: the first one ends as cancelled.
      cancelShown?.();
      return new Promise<Passkey>((resolve, reject) => {
        const card = say(el('section', 'card passkey'), () => t().passkeyTitle, 'aria-label');
        const status = el('p', 'status');
        status.setAttribute('role', 'status');
        const error = el('p', 'error');
        error.setAttribute('role', 'alert');
        let settled = false;
        const finish = () => {
          settled = true;
          if (cancelShown === cancel) cancelShown = undefined;
          card.replaceChildren();
          surface.hide(card);
        };
        const cancel = () => {
          if (settled) return;
          finish();
          reject(new W3Error(FRAME_REPLY_TEXT.passkeyCancelled, { code: 4001 }));
        };
        const createButton = trustedButton(
          () => t().createPasskey,
          'primary',
          () => {
            if (settled || createButton.disabled) return;
            createButton.disabled = true;
            say(error, undefined);
            say(status, () => t().creatingPasskey);
            create().then(
              (passkey) => {
                if (settled) return;
                finish();
                resolve(passkey);
              },
              (reason: unknown) => {
                createButton.disabled = false;
                say(status, undefined);
                const key = failureKey(reason);
                say(error, () => t()[key]);
              },
            );
          },
        );
        const actions = el('div', 'actions');
        actions.append(
          trustedButton(() => commonTexts(locale()).cancel, 'secondary', cancel),
          createButton,
        );
        card.append(
          el('h1', 'title', () => t().passkeyTitle),
          el('p', 'explain', () => t().passkeyExplain),
          el('p', 'explain', () => t().passkeyPrf),
          status,
          error,
          actions,
        );
        cancelShown = cancel;
        surface.show(card);
      });
    },
  };
}
