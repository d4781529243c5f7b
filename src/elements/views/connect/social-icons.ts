/**
 * The social providers' glyphs: simple monochrome marks drawn here (not the brands' artwork), in
 * `currentColor` on a 24 by 24 grid, decorative (the button around them carries the name).
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { SocialProvider } from '../../../core/options.js';

const GLYPHS: Record<SocialProvider | 'more', SVGTemplateResult> = {
  // A 'G': an open ring with its bar.
  google: svg`<path d="M19.5 12H12.5M19.5 12a7.5 7.5 0 1 1-2.2-5.3" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>`,
  // An 'X': two crossing strokes, one heavier.
  x: svg`<path d="M5 4.5l14 15" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/><path d="M19 4.5L5 19.5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>`,
  // An arch on two legs.
  farcaster: svg`<path d="M5 4.5h14V20h-3.5v-6.5a3.5 3.5 0 0 0-7 0V20H5z" fill="currentColor"/>`,
  // A rounded pad with two eyes.
  discord: svg`<path d="M7 6.5c3-1.3 7-1.3 10 0 1.8 2.8 2.6 6 2.5 9.5-1.6 1.3-3.2 2-5 2.4l-1-1.7h-3l-1 1.7c-1.8-.4-3.4-1.1-5-2.4-.1-3.5.7-6.7 2.5-9.5zM7.8 12.4a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0zM13.2 12.4a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0z" fill="currentColor" fill-rule="evenodd"/>`,
  // A fruit with a leaf.
  apple: svg`<path d="M12 8.2c-1.6-1.2-6.5-1.4-6.5 4.3 0 4 2.6 8.3 4.4 8 .9-.1 1.3-.6 2.1-.6s1.2.5 2.1.6c1.8.3 4.4-4 4.4-8 0-5.7-4.9-5.5-6.5-4.3z" fill="currentColor"/><path d="M12 7.5c0-2 1.2-3.6 3-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A cat's head with two ears.
  github: svg`<path d="M4.5 4l3.6 3.3a9 9 0 0 1 7.8 0L19.5 4v8a7.5 7.5 0 0 1-15 0zM8 12.5a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0-2.6 0zM13.4 12.5a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0-2.6 0z" fill="currentColor" fill-rule="evenodd"/>`,
  // An 'f' in a ring.
  facebook: svg`<circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/><path d="M15 8.5h-1.2a2 2 0 0 0-2 2v10M9.5 13h5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
  // Three dots: the 'more' button.
  more: svg`<circle cx="6" cy="12" r="1.8" fill="currentColor"/><circle cx="12" cy="12" r="1.8" fill="currentColor"/><circle cx="18" cy="12" r="1.8" fill="currentColor"/>`,
};

/** The glyph of `provider` (or the 'more' dots), `size` CSS pixels square, hidden from assistive technology. */
export function socialIcon(provider: SocialProvider | 'more', size = 24): SVGTemplateResult {
  return svg`<svg width=${size} height=${size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">${GLYPHS[provider]}</svg>`;
}
