/**
 * Animates the modal body's height (spec section 1: 150 ms) whenever the content inside it
 * changes size, while active: a ResizeObserver watches the content and the frame animates from the
 * previous height to the new one. Nothing animates under prefers-reduced-motion.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ANIMATION } from '../../../core/constants.js';
import { reducedMotion } from './view-transition.js';

export interface HeightAnimationOptions {
  /** Whether to watch (the modal is open). */
  active(): boolean;
  /** The element whose size changes (the view wrapper). */
  content(): HTMLElement | undefined;
  /** The element whose height animates (the body). */
  frame(): HTMLElement | undefined;
}

export class HeightAnimationController implements ReactiveController {
  private observer: ResizeObserver | undefined;
  private lastHeight = 0;
  private wasActive = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: HeightAnimationOptions,
  ) {
    host.addController(this);
  }

  /** Records the content's height now, so the next resize animates from it (before a view swap). */
  remember(): void {
    const content = this.options.content();
    if (content) this.lastHeight = content.offsetHeight;
  }

  hostUpdated(): void {
    const active = this.options.active();
    const activated = active && !this.wasActive;
    const deactivated = !active && this.wasActive;
    this.wasActive = active;
    if (activated) this.observe();
    if (deactivated) {
      this.stop();
      this.lastHeight = 0;
    }
  }

  hostDisconnected(): void {
    this.stop();
  }

  private observe(): void {
    const content = this.options.content();
    if (typeof ResizeObserver === 'undefined' || !content) return;
    this.observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? entry?.contentRect.height ?? 0;
      const previous = this.lastHeight;
      this.lastHeight = height;
      const frame = this.options.frame();
      if (!previous || Math.abs(previous - height) < 1 || reducedMotion() || !frame) return;
      frame.animate([{ height: `${previous}px` }, { height: `${height}px` }], {
        duration: ANIMATION.modalHeight,
        easing: 'ease-in-out',
      });
    });
    this.observer.observe(content);
  }

  private stop(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }
}
