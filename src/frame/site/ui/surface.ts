/**
 * The frame's one visible surface: the page is transparent and blank until a screen (approval
 * or export) is shown; showing posts `Visibility: true` and the content's height (kept current
 * by a ResizeObserver), hiding clears the DOM and posts `Visibility: false`.
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

/** An element with a class and, optionally, text (never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button whose handler runs only for a real user's click (a script's synthetic click is ignored). */
export function trustedButton(label: string, className: string, onClick: () => void): HTMLButtonElement {
  const button = el('button', className, label);
  button.type = 'button';
  button.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    onClick();
  });
  return button;
}
