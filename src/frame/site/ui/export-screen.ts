/**
 * The export screen: the warning, 'Send code', the 6-digit code, then the EVM private key and
 * the Solana secret key, each with 'Copy', and 'Done', which wipes the screen. A wrong code
 * shows the server's message and stays. The keys exist only in this frame's DOM while shown.
 */
import type { ExportFlow, ExportScreen } from '../context.js';
import { FRAME_TEXTS } from '../texts.js';
import { el, trustedButton, type Surface } from './surface.js';

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

export function createExportScreen(surface: Surface): ExportScreen {
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
        const close = () => {
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
              body.replaceChildren(
                keyRow(FRAME_TEXTS.evmKeyLabel, keys.evmPrivateKey),
                keyRow(FRAME_TEXTS.solanaKeyLabel, keys.solanaSecretKey),
                trustedButton(FRAME_TEXTS.done, 'primary', close),
              );
            },
            (reason: unknown) => {
              reveal.disabled = false;
              fail(reason);
            },
          );
        });

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
