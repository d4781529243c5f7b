/**
 * The Dev Wallet's prompt panel, shared by its EVM and Solana halves: one request at a time (the
 * others wait their turn), each described by the half that received it.
 *
 * The panel is a modal <dialog> in its own shadow root (top layer, so above any page modal, whose
 * content it makes inert meanwhile), labelled by its title, focus on Approve, Tab cycles its
 * buttons (and a scrollable message), Escape rejects. Keyboard and focus events are kept from the
 * page while it is open (a page modal's focus trap would otherwise pull focus back).
 */

export type Row = [label: string, value: string];

/** What the panel shows for a request. */
export interface Described {
  title: string;
  rows: Row[];
  /** Long content (a message, typed data, params) under its own label. */
  block?: { label: string; text: string };
}

export interface PromptRequest {
  /** The wallet asking (its header). */
  wallet: { name: string; icon: string };
  /** The method or Wallet Standard feature, shown under the title. */
  method: string;
  described: Described;
}

/** Shortens long content for the panel (non-strings as JSON). */
export const short = (value: unknown, max = 2000): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

const STYLE = `
  :host { all: initial; }
  dialog {
    position: fixed; inset: auto 16px 16px auto; margin: 0;
    width: min(380px, calc(100vw - 32px)); max-height: calc(100vh - 32px); overflow: auto; box-sizing: border-box;
    padding: 16px; border: 1px solid #c9c9d6; border-radius: 14px;
    background: #fff; color: #1c1c28; box-shadow: 0 12px 40px rgb(0 0 0 / 0.25);
    font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color-scheme: light;
  }
  dialog::backdrop { background: rgb(10 10 30 / 0.2); }
  header { display: flex; align-items: center; gap: 8px; font-size: 12px; color: #5b5b70; }
  header img { width: 20px; height: 20px; }
  h2 { margin: 8px 0 4px; font-size: 17px; }
  .origin { margin: 0 0 12px; color: #5b5b70; font-size: 12px; word-break: break-all; }
  dl { margin: 0 0 14px; display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; }
  dt { color: #5b5b70; }
  dd { margin: 0; word-break: break-all; font-variant-numeric: tabular-nums; }
  dd.block { grid-column: 1 / -1; }
  pre { margin: 0; padding: 8px; max-height: 180px; overflow: auto; white-space: pre-wrap; word-break: break-word;
        background: #f3f3f8; border-radius: 8px; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
  .buttons { display: flex; gap: 8px; justify-content: flex-end; }
  button { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 10px; cursor: pointer; border: 1px solid #8b8ba0; background: #fff; color: #1c1c28; }
  button.approve { background: #4646c8; border-color: #4646c8; color: #fff; }
  button:focus-visible { outline: 3px solid #f0a020; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    dialog { background: #1f1f2b; color: #ececf4; border-color: #3a3a4c; color-scheme: dark; }
    header, .origin, dt { color: #a6a6bc; }
    pre { background: #2a2a39; }
    button { background: #2a2a39; color: #ececf4; border-color: #5b5b70; }
    button.approve { background: #6b6bf0; border-color: #6b6bf0; color: #fff; }
  }
`;

export function createPrompt(): (request: PromptRequest) => Promise<boolean> {
  let host: HTMLElement | undefined;
  let dialog: HTMLDialogElement | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const build = (): HTMLDialogElement => {
    host = document.createElement('div');
    host.id = 'w3kit-dev-wallet';
    const root = host.attachShadow({ mode: 'open' });
    // Keep focus changes inside the panel from the page (a page modal's focus trap listens on document).
    for (const type of ['focusin', 'focusout']) host.addEventListener(type, (e) => e.stopPropagation());
    const style = document.createElement('style');
    style.textContent = STYLE;
    const d = document.createElement('dialog');
    d.setAttribute('aria-labelledby', 'w3dw-title');
    d.setAttribute('aria-describedby', 'w3dw-details');
    root.append(style, d);
    (document.body ?? document.documentElement).append(host);
    return d;
  };

  const show = (request: PromptRequest): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      dialog ??= build();
      if (!host!.isConnected) (document.body ?? document.documentElement).append(host!);
      const { wallet } = request;
      const { title, rows, block } = request.described;
      const d = dialog;
      d.replaceChildren();

      const header = document.createElement('header');
      const icon = document.createElement('img');
      icon.src = wallet.icon;
      icon.alt = '';
      header.append(icon, document.createTextNode(wallet.name));
      const h2 = document.createElement('h2');
      h2.id = 'w3dw-title';
      h2.textContent = title;
      const origin = document.createElement('p');
      origin.className = 'origin';
      origin.textContent = `${location.origin} · ${request.method}`;
      const details = document.createElement('dl');
      details.id = 'w3dw-details';
      for (const [label, value] of rows) {
        const dt = document.createElement('dt');
        dt.textContent = label;
        const dd = document.createElement('dd');
        dd.textContent = value;
        details.append(dt, dd);
      }
      if (block) {
        const dt = document.createElement('dt');
        dt.textContent = block.label;
        const dd = document.createElement('dd');
        dd.className = 'block';
        const pre = document.createElement('pre');
        pre.textContent = block.text;
        pre.tabIndex = 0; // scrollable: reachable by keyboard
        pre.setAttribute('aria-label', block.label);
        dd.append(pre);
        details.append(dt, dd);
      }
      const buttons = document.createElement('div');
      buttons.className = 'buttons';
      const reject = document.createElement('button');
      reject.type = 'button';
      reject.textContent = 'Reject';
      const approve = document.createElement('button');
      approve.type = 'button';
      approve.className = 'approve';
      approve.textContent = 'Approve';
      approve.autofocus = true;
      buttons.append(reject, approve);
      d.append(header, h2, origin, details, buttons);

      let settled = false;
      const finish = (ok: boolean): void => {
        if (settled) return;
        settled = true;
        window.removeEventListener('keydown', onKey, true);
        d.removeEventListener('cancel', onCancel);
        if (d.open) d.close();
        resolve(ok);
      };
      const focusables = (): HTMLElement[] => [...d.querySelectorAll<HTMLElement>('pre, button')];
      // Capture on window runs before the page's document-level handlers.
      const onKey = (e: KeyboardEvent): void => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopImmediatePropagation();
          finish(false);
        } else if (e.key === 'Tab') {
          e.preventDefault();
          e.stopImmediatePropagation();
          const items = focusables();
          const at = items.indexOf(host!.shadowRoot!.activeElement as HTMLElement);
          const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
          items[next]?.focus();
        }
      };
      const onCancel = (e: Event): void => {
        e.preventDefault();
        finish(false);
      };
      reject.addEventListener('click', () => finish(false));
      approve.addEventListener('click', () => finish(true));
      d.addEventListener('cancel', onCancel);
      window.addEventListener('keydown', onKey, true);
      try {
        d.showModal();
      } catch {
        d.show();
      }
      approve.focus();
    });

  return (request) => {
    const next = queue.then(() => show(request));
    queue = next.catch(() => undefined);
    return next;
  };
}
