/**
 * Where focus goes when the modal closes (spec section 1, accessibility: focus is never lost):
 * back to the element that opened it; when that element is gone or cannot take focus (after
 * Disconnect the account button that opened the modal is replaced by the connect button), to the
 * inner button of the page's first `<w3-button>` or `<w3-connect-button>`.
 */
import { deepActiveElement } from './focus.js';

const PAGE_BUTTONS = 'w3-button, w3-connect-button';

type Updating = Element & { updateComplete?: Promise<unknown> };

/** Waits for a page button, and the button element it renders, to finish their pending renders. */
async function settled(el: Updating): Promise<void> {
  await el.updateComplete;
  const inner = el.shadowRoot?.querySelector<Updating>('w3-connect-button, w3-account-button');
  await inner?.updateComplete;
}

/** Focus is nowhere in particular: on the body, or on nothing. */
function focusLost(): boolean {
  const active = deepActiveElement();
  return !active || active === document.body || active === document.documentElement;
}

/** The native button inside the page's first `<w3-button>` or `<w3-connect-button>`. */
function pageButton(): HTMLElement | undefined {
  const host = document.querySelector<Updating>(PAGE_BUTTONS);
  if (!host) return undefined;
  const scope = host.localName === 'w3-button' ? host.shadowRoot?.querySelector('w3-connect-button, w3-account-button') : host;
  return scope?.shadowRoot?.querySelector<HTMLElement>('button') ?? undefined;
}

/** Focuses the page's connect (or account) button, if there is one. */
export function focusPageButton(): void {
  pageButton()?.focus();
}

/**
 * Gives focus back to `opener` (what had it when the modal opened) at once, then, once the page's
 * buttons have re-rendered, to the page's connect button if focus was lost on the way. Nothing
 * happens when there was no opener (the modal opened from script with focus on the body).
 */
export async function returnFocus(opener: HTMLElement | null): Promise<void> {
  if (!opener || opener === document.body) return;
  if (opener.isConnected) opener.focus();
  const host = document.querySelector<Updating>(PAGE_BUTTONS);
  if (host) await settled(host);
  if (opener.isConnected && deepActiveElement() === opener) return;
  if (focusLost()) pageButton()?.focus();
}
