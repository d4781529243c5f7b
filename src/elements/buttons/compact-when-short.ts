/**
 * Lets a page button take a compact form by itself when its row leaves it less room than its
 * full form needs (issue 12, item 6: a phone at 375 px). The host may shrink (`min-width: 0`,
 * `max-width: 100%`); the full form is compact-worthy when its button's content overflows the
 * button. While compact, a `room` wrapper keeps asking for the full width (capped at the room
 * there is), so the host's box still tells how much room the row gives, and the full form comes
 * back once that is enough. Toggling leaves the host's size as it was (to a fraction of a pixel).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface CompactWhenShortOptions {
  /** The native button of the full or compact form, once rendered. */
  button(): HTMLElement | undefined;
}

export class CompactWhenShortController implements ReactiveController {
  /** The compact form is on. */
  on = false;
  /** Width of the full form (px), measured when it last overflowed. */
  private fullWidth = 0;
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

  /** Says what the full form shows; when that changes, the full form is measured again. */
  content(key: string): void {
    if (key === this.key) return;
    this.key = key;
    this.on = false;
  }

  /** The wrapper's style: while compact, it asks for the full form's width. */
  roomStyle(): string {
    return this.on ? `width: ${this.fullWidth}px` : '';
  }

  private measure(): void {
    const button = this.options.button();
    if (!button) return;
    if (!this.on) {
      if (button.scrollWidth <= button.clientWidth + 1) return;
      this.fullWidth = button.scrollWidth + (button.offsetWidth - button.clientWidth);
      this.on = true;
      this.host.requestUpdate();
    } else if (this.host.getBoundingClientRect().width >= this.fullWidth - 0.5) {
      this.on = false;
      this.host.requestUpdate();
    }
  }
}
