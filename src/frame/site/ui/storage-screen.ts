/**
 * The frame's 'Stay logged in on this browser' screen, shown when the browser keeps no data for a
 * cross-site frame but the Storage Access API could grant it. Browsers grant storage access only
 * from a user's click inside the frame, so 'Allow' asks from its trusted click; 'Not now' goes on
 * for this page only. Either way the login already works; the screen says which mode it ends in.
 */
import type { StorageScreen } from '../context.js';
import { storageTexts } from '../l10n/storage-texts.js';
import { el, say, trustedButton, type Surface } from './surface.js';

/** `locale`: the locale the host sent (absent: English); the screen's texts follow it while shown. */
export function createStorageScreen(surface: Surface, locale: () => string | undefined = () => undefined): StorageScreen {
  const t = () => storageTexts(locale());
  let endShown: (() => void) | undefined;
  return {
    dismiss() {
      endShown?.();
    },
    run(storage) {
      endShown?.();
      return new Promise((resolve) => {
        const card = say(el('section', 'card storage'), () => t().storageTitle, 'aria-label');
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
        const allow = trustedButton(
          () => t().storageAllow,
          'primary',
          () => {
            if (settled || allow.disabled) return;
            allow.disabled = true;
            say(status, () => t().storageAsking);
            // Called at once, in the click: the browser needs the user's activation.
            storage.request().then(finish, () => finish('session'));
          },
        );
        const actions = el('div', 'actions');
        actions.append(
          trustedButton(() => t().storageNotNow, 'secondary', decline),
          allow,
        );
        card.append(
          el('h1', 'title', () => t().storageTitle),
          el('p', 'explain', () => t().storageExplain),
          status,
          actions,
        );
        endShown = decline;
        surface.show(card);
      });
    },
  };
}
