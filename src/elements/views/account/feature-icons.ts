import { svg, type SVGTemplateResult } from 'lit';

const path = (d: string) =>
  svg`<path d=${d} fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />`;

/** Icons of the wallet features and transfer directions (decorative; the control has the name). */
const FEATURE_ICONS = {
  onramp: path('M3 7h18v10H3zM3 11h18M7 15h3'),
  swaps: path('M7 4L3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7'),
  receive: path('M17 7L7 17M7 9v8h8'),
  send: path('M7 17L17 7M9 7h8v8'),
  nft: path('M4 4h16v16H4zM4 16l5-5 4 4 3-3 4 4'),
};

export type FeatureIcon = keyof typeof FEATURE_ICONS;

/** The transfer arrows point along the line: they mirror in a right-to-left locale (rtlMirrorStyles). */
const POINTING: ReadonlySet<FeatureIcon> = new Set(['send', 'receive']);

export function featureIcon(name: FeatureIcon, size = 20): SVGTemplateResult {
  return svg`<svg class=${POINTING.has(name) ? 'rtl-mirror' : ''} aria-hidden="true" focusable="false" width=${size} height=${size} viewBox="0 0 24 24">${FEATURE_ICONS[name]}</svg>`;
}
