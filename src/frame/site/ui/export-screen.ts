/**
 * The export screen: the warning, 'Send code', the 6-digit code, then a second confirmation
 * ('Show keys', held back by the click guard like 'Approve'), then the EVM private key and the
 * Solana secret key, each with 'Copy', for KEYS_SHOWN_MS: then they are wiped from the screen
 * (to see them again, export again). 'Done' or 'Cancel' wipe the screen. A wrong code shows the
 * server's message and stays. The keys exist only in this frame while shown.
 */
import type { Clock, ExportFlow, ExportScreen } from '../context.js';
import type { ClickGuard } from '../guard/click-guard.js';
import type { SafetyTexts } from '../safety-texts.js';
import { FRAME_TEXTS } from '../texts.js';
import { el, trustedButton, type Surface } from './surface.js';

/** How long the keys stay on the screen once shown. */
export const KEYS_SHOWN_MS = 60_000;

export interface ExportScreenOptions {
  guard: ClickGuard;
  /** The frame's clock (FrameDeps.clock: tests pass their own). */
  clock: Clock;
  texts: () => SafetyTexts;
}

function keyRow(label: string, value: string): HTMLElement {
  const row = el('div', 'secret');
  const text = el('code', 'secret-value', value);
  const copy = trustedButton(FRAME_TEXTS.copy, 'secondary', () => {
    void navigator.clipboard.writeText(value).then(
      () => {
        copy.textContent = FRAME_TEXTS.copied;
      },
      () => undefined,
    );
  });
  row.append(el('p', 'label', label), text, copy);
  return row;
}

export function createExportScreen(surface: Surface, { guard, clock, texts }: ExportScreenOptions): ExportScreen {
  return {
    run(flow: ExportFlow) {
      return new Promise<void>((resolve) => {
        const card = el('section', 'card export');
        card.setAttribute('aria-label', FRAME_TEXTS.exportTitle);
        const status = el('p', 'status');
        status.setAttribute('role', 'status');
        const error = el('p', 'error');
        error.setAttribute('role', 'alert');
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
        const fail = (reason: unknown) => {
          error.textContent = reason instanceof Error ? reason.message : String(reason);
        };

        const form = el('form', 'code-form');
        const input = el('input', 'code');
        input.inputMode = 'numeric';
        input.autocomplete = 'one-time-code';
        input.maxLength = 6;
        input.pattern = '\\d{6}';
        input.setAttribute('aria-label', FRAME_TEXTS.codeLabel);
        const reveal = el('button', 'primary', FRAME_TEXTS.reveal);
        reveal.type = 'submit';
        form.append(input, reveal);
        form.addEventListener('submit', (event) => {
          event.preventDefault();
          if (!event.isTrusted || !/^\d{6}$/.test(input.value)) return;
          error.textContent = '';
          reveal.disabled = true;
          flow.reveal(input.value).then(
            (keys) => {
              input.value = '';
              if (!closed) confirm(keys);
            },
            (reason: unknown) => {
              reveal.disabled = false;
              fail(reason);
            },
          );
        });

        /** The second confirmation: the keys show only on a guarded click of 'Show keys'. */
        const confirm = (keys: { evmPrivateKey: string; solanaSecretKey: string }) => {
          const hold = el('p', 'hold');
          hold.setAttribute('role', 'status');
          const show = el('button', 'primary', texts().showKeys);
          show.type = 'button';
          const actions = el('div', 'actions');
          actions.append(trustedButton(FRAME_TEXTS.cancel, 'secondary', close), show);
          // One block: the body is a wrapping flex row, where the reason's text would move the buttons.
          const confirmation = el('div', 'confirm');
          confirmation.append(el('p', 'explain', texts().exportConfirm), hold, actions);
          body.replaceChildren(confirmation);
          unguard = guard.guard(card, show, hold, () => {
            unguard?.();
            unguard = undefined;
            showKeys(keys);
          });
        };
        /** The keys on the screen until KEYS_SHOWN_MS pass, then gone. */
        const showKeys = (keys: { evmPrivateKey: string; solanaSecretKey: string }) => {
          body.replaceChildren(
            keyRow(FRAME_TEXTS.evmKeyLabel, keys.evmPrivateKey),
            keyRow(FRAME_TEXTS.solanaKeyLabel, keys.solanaSecretKey),
            el('p', 'explain', texts().keysHideSoon),
            trustedButton(FRAME_TEXTS.done, 'primary', close),
          );
          void clock.sleep(KEYS_SHOWN_MS).then(() => {
            if (closed) return;
            body.replaceChildren(el('p', 'explain', texts().keysHidden), trustedButton(FRAME_TEXTS.done, 'primary', close));
          });
        };

        const send = trustedButton(FRAME_TEXTS.sendCode, 'primary', () => {
          send.disabled = true;
          error.textContent = '';
          flow.sendCode().then(
            () => {
              status.textContent = FRAME_TEXTS.codeSent;
              body.replaceChildren(form, trustedButton(FRAME_TEXTS.cancel, 'secondary', close));
              input.focus();
            },
            (reason: unknown) => {
              send.disabled = false;
              fail(reason);
            },
          );
        });
        body.append(send, trustedButton(FRAME_TEXTS.cancel, 'secondary', close));
        card.append(el('h1', 'title', FRAME_TEXTS.exportTitle), el('p', 'warning', FRAME_TEXTS.exportWarning), status, error, body);
        surface.show(card);
      });
    },
  };
}
