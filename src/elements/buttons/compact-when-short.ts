/**
 * Lets a page button step down to more compact forms by itself when its row leaves it less room
 * than its current form needs (issue 12, item 6: a phone at 375 px). Level 0 is the full form;
 * each higher level is more compact. The host may shrink (`min-width: 0`, `max-width: 100%`); a
 * form is short of room when its button's content overflows the button, and the width it needed
 * is kept. While compact, a `room` wrapper keeps asking for the full form's width (capped at the
 * room there is), so the host's box still tells how much room the row gives, and a wider form
 * comes back once that is enough for it. Stepping leaves the host's size as it was.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface CompactWhenShortOptions {
  /** The native button of the current form, once rendered. */
  button(): HTMLElement | undefined;
  /** The most compact level there is (1: one compact form). */
  levels: number;
}

export class CompactWhenShortController implements ReactiveController {
  /** The current form: 0 is the full one. */
  level = 0;
  /** The width (px) each level needed when it last overflowed. */
  private widths: number[] = [];
  private key: string | undefined;
  private observer: ResizeObserver | undefined;
  private frame = 0;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: CompactWhenShortOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (typeof ResizeObserver === 'undefined') return;
    // Measured in the next frame: a change made inside the observer's callback that resizes the
    // host by a fraction of a pixel would be reported again in the same frame (a loop error).
    this.observer = new ResizeObserver(() => {
      if (this.frame) return;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.measure();
      });
    });
    this.observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  hostUpdated(): void {
    this.measure();
  }

  /** Says what the full form shows; when that changes, the forms are measured again. */
  content(key: string): void {
    if (key === this.key) return;
    this.key = key;
    this.level = 0;
    this.widths = [];
  }

  /** The wrapper's style: while compact, it asks for the full form's width. */
  roomStyle(): string {
    return this.level > 0 ? `width: ${this.widths[0]}px` : '';
  }

  private measure(): void {
    const button = this.options.button();
    if (!button) return;
    const needed = this.widths[this.level - 1];
    if (button.scrollWidth > button.clientWidth + 1 && this.level < this.options.levels) {
      this.widths[this.level] = button.scrollWidth + (button.offsetWidth - button.clientWidth);
      this.level++;
      this.host.requestUpdate();
    } else if (needed !== undefined && this.host.getBoundingClientRect().width >= needed - 0.5) {
      this.level--;
      this.host.requestUpdate();
    }
  }
}
