/**
 * The social providers' icons: each provider's own mark (<w3-ui-social-mark>, from icon packages,
 * THIRD_PARTY.md), `size` CSS pixels square, hidden from assistive technology (the button around
 * it carries the name); the 'more' button's three dots are drawn here.
 */
import { html, svg, type TemplateResult } from 'lit';
import type { SocialProvider } from '../../../core/options.js';

/** The mark of `provider` (or the 'more' dots), `size` CSS pixels square. */
export function socialIcon(provider: SocialProvider | 'more', size = 24): TemplateResult {
  if (provider !== 'more') return html`<w3-ui-social-mark provider=${provider} .size=${size}></w3-ui-social-mark>`;
  return html`<svg width=${size} height=${size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    ${[6, 12, 18].map((x) => svg`<circle cx=${x} cy="12" r="1.8" fill="currentColor" />`)}
  </svg>`;
}
