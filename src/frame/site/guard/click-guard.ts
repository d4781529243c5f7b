/**
 * The click guard's wiring: feeds ./clickable.ts what the frame sees of a shown screen
 * (IntersectionObserver v2 with `trackVisibility: true, delay: 100` where the browser has it,
 * else v1's ratio; the page's visibility, the frame's viewport against the screen's edges; the
 * pointer's events; the host's layout reports from the port) and holds a button back while a
 * click would not count: disabled, with the reason in words beside it, enabled again once the
 * screen has been fully visible and still for STILL_MS. A click runs the action only when it is
 * trusted and the guard allows it at that moment.
 */
import type { HostLayoutMessage } from '../../messages.js';
import type { SafetyTexts } from '../safety-texts.js';
import { clickable, initialState, observe, type HostLayout, type Signal } from './clickable.js';

export interface ClickGuard {
  /** The host's report of the frame element (the port's `layout` messages). */
  hostLayout(layout: HostLayoutMessage): void;
  /**
   * Guards `button` while `screen` is shown: `onClick` runs only for a trusted click that counts;
   * otherwise the button is disabled and `note` says why. Returns the function that stops it.
   */
  guard(screen: HTMLElement, button: HTMLButtonElement, note: HTMLElement, onClick: () => void): () => void;
}

export interface ClickGuardOptions {
  /** The texts in the visitor's language (read each time: the locale can change). */
  texts: () => SafetyTexts;
  now?: () => number;
}

const THRESHOLDS = [0, 0.25, 0.5, 0.75, 0.9, 0.99, 1];

/** IntersectionObserver v2's options (not yet in TypeScript's DOM types). */
interface VisibilityInit extends IntersectionObserverInit {
  trackVisibility: boolean;
  delay: number;
}

export function createClickGuard(options: ClickGuardOptions): ClickGuard {
  const now = options.now ?? (() => performance.now());
  let lastHost: HostLayout | undefined;
  const watchers = new Set<(signal: Signal) => void>();

  return {
    hostLayout({ rect, clipped, animating }) {
      lastHost = { rect, clipped, animating };
      for (const feed of watchers) feed({ kind: 'host', layout: lastHost });
    },

    guard(screen, button, note, onClick) {
      let state = initialState(now());
      if (lastHost) state = observe(state, { kind: 'host', layout: lastHost }, now());
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;

      /** Shows the verdict on the button; true when a click counts now. */
      const render = (): boolean => {
        clearTimeout(timer);
        timer = undefined;
        if (stopped) return false;
        const verdict = clickable(state, now());
        button.disabled = !verdict.ok;
        const words = verdict.ok ? '' : options.texts()[verdict.reason];
        if (note.textContent !== words) note.textContent = words;
        if (!verdict.ok && verdict.retryInMs !== undefined) timer = setTimeout(render, verdict.retryInMs + 10);
        return verdict.ok;
      };
      const feed = (signal: Signal): void => {
        state = observe(state, signal, now());
        render();
      };

      const frameView = (): void => {
        const edge = screen.getBoundingClientRect();
        feed({
          kind: 'frame',
          pageHidden: document.visibilityState === 'hidden',
          viewport: { width: window.innerWidth, height: window.innerHeight },
          content: { width: Math.ceil(edge.right), height: Math.ceil(edge.bottom) },
        });
      };
      const init: VisibilityInit = { threshold: THRESHOLDS, trackVisibility: true, delay: 100 };
      const intersection = new IntersectionObserver((entries) => {
        const entry = entries.at(-1) as (IntersectionObserverEntry & { isVisible?: unknown }) | undefined;
        if (!entry) return;
        const isVisible = typeof entry.isVisible === 'boolean' ? entry.isVisible : undefined;
        feed({ kind: 'intersection', ratio: entry.intersectionRatio, ...(isVisible === undefined ? {} : { isVisible }) });
      }, init);
      intersection.observe(screen);
      const resize = new ResizeObserver(frameView);
      resize.observe(screen);

      const onPointer = (event: PointerEvent): void => {
        const { screenX, screenY, clientX, clientY } = event;
        feed({ kind: 'pointer', at: { screenX, screenY, clientX, clientY } });
      };
      const onPointerOut = (event: PointerEvent): void => {
        if (event.relatedTarget === null) feed({ kind: 'pointer' });
      };
      const listeners: [EventTarget, string, EventListener][] = [
        [document, 'visibilitychange', frameView],
        [window, 'resize', frameView],
        [document, 'pointermove', onPointer as EventListener],
        [document, 'pointerdown', onPointer as EventListener],
        [document, 'pointerout', onPointerOut as EventListener],
      ];
      for (const [target, type, listener] of listeners) target.addEventListener(type, listener, true);

      const onButtonClick = (event: MouseEvent): void => {
        if (!event.isTrusted || !render()) return;
        onClick();
      };
      button.addEventListener('click', onButtonClick);
      watchers.add(feed);
      frameView();

      return () => {
        stopped = true;
        clearTimeout(timer);
        watchers.delete(feed);
        intersection.disconnect();
        resize.disconnect();
        for (const [target, type, listener] of listeners) target.removeEventListener(type, listener, true);
        button.removeEventListener('click', onButtonClick);
      };
    },
  };
}
