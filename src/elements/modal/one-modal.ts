/**
 * One modal per page (DESIGN.md): every connected `<w3-modal>` registers here, and only the
 * first one (the primary) renders the dialog, its toasts and its events. A `<w3-modal>` that
 * createW3Modal appended gives way to one the page places later (React's `<W3Modal>`, a Vue
 * template), which takes over and removes it; any other second element warns and stays inert.
 * createW3Modal appends its own only once the page had its chance to place one: when the DOM is
 * ready, or at once when the modal opens before that.
 */
import { $modal } from '../../stores/ui/modal.js';

interface ModalHost extends HTMLElement {
  requestUpdate(): void;
}

/** Connected `<w3-modal>` elements in connection order; the first is the primary. */
const connected: ModalHost[] = [];
/** The elements createW3Modal appended (a later page element replaces them). */
const ours = new WeakSet<Element>();

/** Registers a connected modal element (the primary unless one was there first). */
export function claimModal(el: ModalHost): void {
  const primary = connected[0];
  // The page placed its own: it takes over, and ours goes (releaseModal drops it from the list).
  if (primary && ours.has(primary)) primary.remove();
  else if (primary) {
    const attrs = [...el.attributes].map((a) => ` ${a.name}="${a.value}"`).join('');
    console.warn(`[w3kit] <w3-modal${attrs}> is a second <w3-modal> on this page and stays inert; keep one.`);
  }
  connected.push(el);
}

/** Unregisters a disconnected modal element; the next one, if any, becomes the primary. */
export function releaseModal(el: ModalHost): void {
  const index = connected.indexOf(el);
  if (index < 0) return;
  connected.splice(index, 1);
  if (index === 0) connected[0]?.requestUpdate();
}

/** Whether `el` is the modal that renders (the first connected `<w3-modal>`). */
export function isPrimaryModal(el: Element): boolean {
  return connected[0] === el;
}

let scheduled = false;

/**
 * Appends a `<w3-modal>` of ours unless the page has one by then: once the DOM is ready (after a
 * microtask when it already is), or at once when the modal opens earlier. A `<w3-modal>` the page
 * connects afterwards still takes over (claimModal).
 */
export function appendModalLater(): void {
  if (scheduled || connected[0]) return;
  scheduled = true;
  const append = (): void => {
    stop();
    scheduled = false;
    if (connected[0]) return;
    const el = document.createElement('w3-modal');
    ours.add(el);
    (document.body ?? document.documentElement).append(el);
  };
  const stop = $modal.listen((state) => {
    if (state.open) append();
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', append, { once: true });
  else queueMicrotask(append);
}
