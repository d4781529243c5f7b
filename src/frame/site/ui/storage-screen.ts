/**
 * The frame's 'Stay logged in on this browser' screen, shown when the browser keeps no data for a
 * cross-site frame but the Storage Access API could grant it. Browsers grant storage access only
 * from a user's click inside the frame, so 'Allow' asks from its trusted click; 'Not now' goes on
 * for this page only. Either way the login already works; the screen says which mode it ends in.
 */
import type { StorageScreen } from '../context.js';
import { FRAME_TEXTS } from '../texts.js';
import { el, trustedButton, type Surface } from './surface.js';

export function createStorageScreen(surface: Surface): StorageScreen {
  let endShown: (() => void) | undefined;
  return {
    dismiss() {
      endShown?.();
    },
    run(storage) {
      endShown?.();
      return new Promise((resolve) => {
        const card = el('section', 'card storage');
        card.setAttribute('aria-label', FRAME_TEXTS.storageTitle);
        const status = el('p', 'status');
        status.setAttribute('role', 'status');
        let settled = false;
        const finish = (mode: 'persistent' | 'session') => {
          if (settled) return;
          settled = true;
          if (endShown === decline) endShown = undefined;
          card.replaceChildren();
          surface.hide(card);
          resolve(mode);
        };
        const decline = () => {
          storage.decline();
          finish('session');
        };
        const allow = trustedButton(FRAME_TEXTS.storageAllow, 'primary', () => {
          if (settled || allow.disabled) return;
          allow.disabled = true;
          status.textContent = FRAME_TEXTS.storageAsking;
          // Called at once, in the click: the browser needs the user's activation.
          storage.request().then(finish, () => finish('session'));
        });
        const actions = el('div', 'actions');
        actions.append(trustedButton(FRAME_TEXTS.storageNotNow, 'secondary', decline), allow);
        card.append(el('h1', 'title', FRAME_TEXTS.storageTitle), el('p', 'explain', FRAME_TEXTS.storageExplain), status, actions);
        endShown = decline;
        surface.show(card);
      });
    },
  };
}
