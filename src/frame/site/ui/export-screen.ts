/**
 * The export screen: the warning, 'Send code', the 6-digit code, then a second confirmation
 * ('Show keys', held back by the click guard like 'Approve'), then the EVM private key and the
 * Solana secret key, each with 'Copy', for KEYS_SHOWN_MS: then they are wiped from the screen
 * (to see them again, export again). 'Done' or 'Cancel' wipe the screen. A malformed code is
 * refused by the screen itself (no browser validation bubble: the field is marked invalid and
 * described by the product's sentence); a refused one shows the product's words for the
 * server's reason and stays. Every text is in the host's locale, said again when it changes.
 * The keys exist only in this frame while shown.
 */
import type { Clock, ExportFlow, ExportScreen } from '../context.js';
import type { ClickGuard } from '../guard/click-guard.js';
import { codeTexts, type CodeTexts } from '../l10n/code-texts.js';
import { commonTexts } from '../l10n/common-texts.js';
import { exportTexts } from '../l10n/export-texts.js';
import type { SafetyTexts } from '../safety-texts.js';
import { refusalKey } from './export-refusal.js';
import { el, say, trustedButton, type Surface } from './surface.js';

/** How long the keys stay on the screen once shown. */
export const KEYS_SHOWN_MS = 60_000;
/** The code field's error line (the field's aria-describedby). */
const ERROR_ID = 'export-code-error';

export interface ExportScreenOptions {
  guard: ClickGuard;
  /** The frame's clock (FrameDeps.clock: tests pass their own). */
  clock: Clock;
  texts: () => SafetyTexts;
  /** The locale the host sent (absent: English). */
  locale?: () => string | undefined;
}

export function createExportScreen(surface: Surface, { guard, clock, texts, locale = () => undefined }: ExportScreenOptions): ExportScreen {
  const t = () => exportTexts(locale());
  const common = () => commonTexts(locale());

  function keyRow(label: () => string, value: string): HTMLElement {
    const row = el('div', 'secret');
    const copy = trustedButton(
      () => common().copy,
      'secondary',
      () => {
        void navigator.clipboard.writeText(value).then(
          () => say(copy, () => common().copied),
          () => undefined,
        );
      },
    );
    row.append(el('p', 'label', label), el('code', 'secret-value', value), copy);
    return row;
  }

  return {
    run(flow: ExportFlow) {
      return new Promise<void>((resolve) => {
        const card = say(el('section', 'card export'), () => t().exportTitle, 'aria-label');
        const status = el('p', 'status');
        status.setAttribute('role', 'status');
        const error = el('p', 'error');
        error.setAttribute('role', 'alert');
        error.id = ERROR_ID;
        const body = el('div', 'export-body');
        let unguard: (() => void) | undefined;
        let closed = false;
        const close = () => {
          closed = true;
          unguard?.();
          card.replaceChildren();
          surface.hide(card);
          resolve();
        };
        const cancel = () => trustedButton(() => common().cancel, 'secondary', close);

        const form = el('form', 'code-form');
        // The screen checks the code itself: no browser bubble, in the browser's language.
        form.noValidate = true;
        const input = el('input', 'code');
        input.inputMode = 'numeric';
        input.autocomplete = 'one-time-code';
        input.maxLength = 6;
        say(input, () => t().codeLabel, 'aria-label');
        /** Shows the words for `key` (or none) under the field, marking it invalid when there are some. */
        const refuse = (key: keyof CodeTexts | undefined, invalidField = false) => {
          say(error, key && (() => codeTexts(locale())[key]));
          input.setAttribute('aria-invalid', String(invalidField));
          if (invalidField) input.setAttribute('aria-describedby', ERROR_ID);
          else input.removeAttribute('aria-describedby');
        };
        input.addEventListener('input', () => {
          if (input.getAttribute('aria-invalid') === 'true') refuse(undefined);
        });
        const reveal = el('button', 'primary', () => t().reveal);
        reveal.type = 'submit';
        form.append(input, reveal);
        form.addEventListener('submit', (event) => {
          event.preventDefault();
          if (!event.isTrusted) return;
          const code = input.value.trim();
          if (!/^\d{6}$/.test(code)) {
            refuse('codeInvalid', true);
            input.focus();
            return;
          }
          refuse(undefined);
          reveal.disabled = true;
          flow.reveal(code).then(
            (keys) => {
              input.value = '';
              if (!closed) confirm(keys);
            },
            (reason: unknown) => {
              reveal.disabled = false;
              const key = refusalKey(reason);
              refuse(key, key === 'codeWrong' || key === 'codeInvalid' || key === 'codeExpired');
            },
          );
        });

        /** The second confirmation: the keys show only on a guarded click of 'Show keys'. */
        const confirm = (keys: { evmPrivateKey: string; solanaSecretKey: string }) => {
          refuse(undefined);
          say(status, undefined);
          const hold = el('p', 'hold');
          hold.setAttribute('role', 'status');
          const show = el('button', 'primary', () => texts().showKeys);
          show.type = 'button';
          const actions = el('div', 'actions');
          actions.append(cancel(), show);
          // One block: the body is a wrapping flex row, where the reason's text would move the buttons.
          const confirmation = el('div', 'confirm');
          confirmation.append(
            el('p', 'explain', () => texts().exportConfirm),
            hold,
            actions,
          );
          body.replaceChildren(confirmation);
          unguard = guard.guard(card, show, hold, () => {
            unguard?.();
            unguard = undefined;
            showKeys(keys);
          });
        };
        /** The keys on the screen until KEYS_SHOWN_MS pass, then gone. */
        const showKeys = (keys: { evmPrivateKey: string; solanaSecretKey: string }) => {
          const done = () => trustedButton(() => common().done, 'primary', close);
          body.replaceChildren(
            keyRow(() => t().evmKeyLabel, keys.evmPrivateKey),
            keyRow(() => t().solanaKeyLabel, keys.solanaSecretKey),
            el('p', 'explain', () => texts().keysHideSoon),
            done(),
          );
          void clock.sleep(KEYS_SHOWN_MS).then(() => {
            if (closed) return;
            body.replaceChildren(
              el('p', 'explain', () => texts().keysHidden),
              done(),
            );
          });
        };

        const send = trustedButton(
          () => t().sendCode,
          'primary',
          () => {
            send.disabled = true;
            refuse(undefined);
            flow.sendCode().then(
              () => {
                say(status, () => t().codeSent);
                body.replaceChildren(form, cancel());
                input.focus();
              },
              (reason: unknown) => {
                send.disabled = false;
                refuse(refusalKey(reason));
              },
            );
          },
        );
        body.append(send, cancel());
        card.append(
          el('h1', 'title', () => t().exportTitle),
          el('p', 'warning', () => t().exportWarning),
          status,
          error,
          body,
        );
        surface.show(card);
      });
    },
  };
}
