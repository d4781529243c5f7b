/**
 * The modal's focus trap (spec section 1, accessibility): while active, focus moves into the
 * dialog, Tab and Shift+Tab cycle through its tabbable elements (across shadow roots), focus that
 * lands outside the host is pulled back, Escape calls `onEscape`, and on deactivation focus
 * returns to the element that had it before (or the page's connect button: base/focus-return.ts).
 * With several traps active (two dialogs open), only the one connected last (the top-most) acts,
 * and pulling focus back never re-enters itself.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { containsDeep, deepActiveElement, tabbables } from '../../base/focus.js';
import { returnFocus } from '../../base/focus-return.js';

export interface FocusTrapOptions {
  /** Whether the trap is on (the modal is open). */
  active(): boolean;
  /** The dialog whose tabbables Tab cycles through. */
  container(): HTMLElement | undefined;
  /** Where `focusFirst()` looks first (the current view); then the container, then the container itself. */
  initial(): HTMLElement | undefined;
  /** Escape was pressed while active. */
  onEscape(): void;
  /** Other parts of the host that Tab reaches after the dialog (the toast, with its action). */
  also?(): (HTMLElement | undefined)[];
}

/** The traps of connected hosts, in connection order. */
const traps: FocusTrapController[] = [];

export class FocusTrapController implements ReactiveController {
  private opener: Element | null = null;
  private wasActive = false;
  /** True while focusFirst() moves focus (the focusin it causes must not start another). */
  private focusing = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: FocusTrapOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    traps.push(this);
    document.addEventListener('keydown', this.onKeyDown, true);
    document.addEventListener('focusin', this.onFocusIn);
  }

  hostDisconnected(): void {
    const index = traps.indexOf(this);
    if (index >= 0) traps.splice(index, 1);
    document.removeEventListener('keydown', this.onKeyDown, true);
    document.removeEventListener('focusin', this.onFocusIn);
  }

  /** Remembers who had focus when the trap turns on. */
  hostUpdate(): void {
    if (this.options.active() && !this.wasActive) this.opener = deepActiveElement();
  }

  /** Gives focus back to that element once the trap has turned off. */
  hostUpdated(): void {
    const active = this.options.active();
    const deactivated = !active && this.wasActive;
    this.wasActive = active;
    if (!deactivated) return;
    const opener = this.opener as HTMLElement | null;
    this.opener = null;
    void returnFocus(opener);
  }

  /** Focuses the first tabbable element of `initial()`, else of the container, else the container. */
  focusFirst(): void {
    const container = this.options.container();
    if (!container || this.focusing) return;
    const initial = this.options.initial();
    const inView = initial ? tabbables(initial) : [];
    const target = inView[0] ?? tabbables(container)[0] ?? container;
    this.focusing = true;
    try {
      target.focus({ preventScroll: true });
    } finally {
      this.focusing = false;
    }
  }

  /** Whether this trap is active and no trap connected after it is (it holds the top-most dialog). */
  private isTopMost(): boolean {
    for (let i = traps.length - 1; i >= 0; i--) {
      const trap = traps[i]!;
      if (trap.options.active()) return trap === this;
    }
    return false;
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    const container = this.options.container();
    if (!this.isTopMost() || !container) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.options.onEscape();
      return;
    }
    if (e.key !== 'Tab') return;
    const others = (this.options.also?.() ?? []).filter((el): el is HTMLElement => !!el);
    const groups = [tabbables(container), ...others.map((el) => tabbables(el))];
    const items = groups.flat();
    const first = items[0];
    const last = items[items.length - 1];
    const active = deepActiveElement();
    if (!first || !last) {
      e.preventDefault();
      container.focus();
      return;
    }
    const inside = [container, ...others].some((el) => containsDeep(el, active));
    const outside = !inside || active === container;
    if (e.shiftKey && (active === first || outside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || outside)) {
      e.preventDefault();
      first.focus();
    } else {
      // From one part to the next (the dialog, the toast, the frame) in this order, whatever their order in the DOM.
      const index = items.indexOf(active as HTMLElement);
      const next = items[index + (e.shiftKey ? -1 : 1)];
      const groupOf = (el: HTMLElement | undefined) => groups.findIndex((g) => el && g.includes(el));
      if (index >= 0 && next && groupOf(next) !== groupOf(items[index])) {
        e.preventDefault();
        next.focus();
      }
    }
  };

  private readonly onFocusIn = (e: FocusEvent): void => {
    if (!this.isTopMost() || !this.options.container()) return;
    const target = e.composedPath()[0] as Node | undefined;
    if (target && !containsDeep(this.host, target)) this.focusFirst();
  };
}
