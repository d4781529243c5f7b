/**
 * The frame's 'Create passkey' screen: what a passkey does for this wallet, 'Create passkey' and
 * 'Cancel'. WebAuthn lets a cross-origin frame create a credential only on a user's click inside
 * it, so the creation runs from this button's trusted click. A failure shows here and the user
 * can try again or cancel; Cancel rejects with 'Passkey creation cancelled'.
 */
import { W3Error } from '../../../core/errors/base.js';
import type { Passkey } from '../../messages.js';
import type { PasskeyScreen } from '../context.js';
import { FRAME_REPLY_TEXT, FRAME_TEXTS } from '../texts.js';
import { el, trustedButton, type Surface } from './surface.js';

const reasonText = (reason: unknown): string =>
  reason instanceof W3Error ? reason.shortMessage : reason instanceof Error ? reason.message : String(reason);

export function createPasskeyScreen(surface: Surface): PasskeyScreen {
  let cancelShown: (() => void) | undefined;
  return {
    dismiss() {
      cancelShown?.();
    },
    run(create) {
      // A second request replaces the screen: the first one ends as cancelled.
      cancelShown?.();
      return new Promise<Passkey>((resolve, reject) => {
        const card = el('section', 'card passkey');
        card.setAttribute('aria-label', FRAME_TEXTS.passkeyTitle);
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
        const createButton = trustedButton(FRAME_TEXTS.createPasskey, 'primary', () => {
          if (settled || createButton.disabled) return;
          createButton.disabled = true;
          error.textContent = '';
          status.textContent = FRAME_TEXTS.creatingPasskey;
          create().then(
            (passkey) => {
              if (settled) return;
              finish();
              resolve(passkey);
            },
            (reason: unknown) => {
              createButton.disabled = false;
              status.textContent = '';
              error.textContent = reasonText(reason);
            },
          );
        });
        const actions = el('div', 'actions');
        actions.append(trustedButton(FRAME_TEXTS.cancel, 'secondary', cancel), createButton);
        card.append(
          el('h1', 'title', FRAME_TEXTS.passkeyTitle),
          el('p', 'explain', FRAME_TEXTS.passkeyExplain),
          el('p', 'explain', FRAME_TEXTS.passkeyPrf),
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
