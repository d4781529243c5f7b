/**
 * The frame's one visible surface: the page is transparent and blank until a screen (approval
 * or export) is shown; showing posts `Visibility: true` and the content's height (kept current
 * by a ResizeObserver), hiding clears the DOM and posts `Visibility: false`. A screen's texts are
 * functions of the locale (`say`), so a shown screen says them again when the host's locale changes.
 */
import type { FrameEvent } from '../../messages.js';

export interface Surface {
  show(content: HTMLElement): void;
  hide(content?: HTMLElement): void;
}

const MAX_HEIGHT = 2000;

export function createSurface(root: HTMLElement, emit: (event: FrameEvent) => void): Surface {
  let current: HTMLElement | undefined;
  const observer = new ResizeObserver(() => {
    if (current) emit({ kind: 'event', type: 'Height', height: Math.min(MAX_HEIGHT, Math.ceil(root.scrollHeight)) });
  });
  return {
    show(content) {
      if (current) observer.unobserve(current);
      current = content;
      root.replaceChildren(content);
      emit({ kind: 'event', type: 'Visibility', visible: true });
      emit({ kind: 'event', type: 'Height', height: Math.min(MAX_HEIGHT, Math.ceil(root.scrollHeight)) });
      observer.observe(content);
    },
    hide(content) {
      if (content && content !== current) return;
      if (current) observer.unobserve(current);
      const wasShown = current !== undefined;
      current = undefined;
      root.replaceChildren();
      if (wasShown) emit({ kind: 'event', type: 'Visibility', visible: false });
    },
  };
}

/** A text as it is, or as the current locale says it (read again on a locale change). */
export type Text = string | (() => string);

/** An element with a class and, optionally, text (never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: Text): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (typeof text === 'function') say(node, text);
  else if (text !== undefined) node.textContent = text;
  return node;
}

/** A button whose handler runs only for a real user's click (a script's synthetic click is ignored). */
export function trustedButton(label: Text, className: string, onClick: () => void): HTMLButtonElement {
  const button = el('button', className, label);
  button.type = 'button';
  button.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    onClick();
  });
  return button;
}

/** What each shown node says, by attribute ('#text': its text), read again when the locale changes. */
const TEXT = '#text';
const sayings = new WeakMap<Element, Map<string, () => string>>();

function write(node: Element, attribute: string, value: string): void {
  if (attribute === TEXT) node.textContent = value;
  else if (value) node.setAttribute(attribute, value);
  else node.removeAttribute(attribute);
}

/**
 * Makes `node` say `text()` (its text, or `attribute`'s value) now and again on every
 * locale change while it is shown (relocalize); `undefined` clears it for good.
 */
export function say<T extends Element>(node: T, text: (() => string) | undefined, attribute = TEXT): T {
  let entries = sayings.get(node);
  if (!entries) sayings.set(node, (entries = new Map()));
  if (text) entries.set(attribute, text);
  else entries.delete(attribute);
  write(node, attribute, text?.() ?? '');
  node.toggleAttribute('data-l10n', entries.size > 0);
  return node;
}

/** Every shown node under `root` says its text again, in the locale now set. */
export function relocalize(root: ParentNode): void {
  for (const node of root.querySelectorAll('[data-l10n]'))
    for (const [attribute, text] of sayings.get(node) ?? []) write(node, attribute, text());
}
