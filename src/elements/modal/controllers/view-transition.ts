/** The modal's view change (spec section 1): the title fades in (120 ms), the view fades and rises (150 ms). */
import { ANIMATION } from '../../../core/constants.js';

export const reducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Plays the view-change animation on the title and the view, unless motion is reduced. */
export function playViewTransition(title: HTMLElement | undefined, view: HTMLElement | undefined): void {
  if (reducedMotion()) return;
  title?.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ANIMATION.headerText, easing: 'ease-out' });
  view?.animate(
    [
      { opacity: 0, transform: 'translateY(6px)' },
      { opacity: 1, transform: 'none' },
    ],
    { duration: ANIMATION.viewTransition, easing: 'ease-out' },
  );
}
