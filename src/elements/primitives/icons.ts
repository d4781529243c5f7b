import { svg, type SVGTemplateResult } from 'lit';

/** Small stroke icons (24x24 viewBox), decorative: the control carries the accessible name. */
const path = (d: string): SVGTemplateResult =>
  svg`<path d=${d} fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />`;

export const ICONS = {
  close: path('M6 6l12 12M18 6L6 18'),
  back: path('M15 18l-6-6 6-6'),
  chevronRight: path('M9 6l6 6-6 6'),
  help: svg`${path('M9.1 9a3 3 0 015.8 1c0 2-3 2.5-3 4.5')}<circle cx="12" cy="18" r="1" fill="currentColor" />`,
  check: path('M5 12l5 5 9-10'),
  copy: path('M9 9h10v10H9zM5 15V5h10'),
  wallet: path('M3 7h15a3 3 0 013 3v7a3 3 0 01-3 3H3zM3 7V5h13M16 14h2'),
  mail: path('M3 6h18v12H3zM3 6l9 7 9-7'),
  network: path('M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18'),
  disconnect: path('M15 4h4v16h-4M10 17l-5-5 5-5M5 12h11'),
  warning: path('M12 4l9 16H3zM12 10v4M12 17v.5'),
  search: path('M11 4a7 7 0 100 14 7 7 0 000-14zM20 20l-4-4'),
  devices: path('M4 5h16v10H4zM2 19h20M10 15v4M14 15v4'),
} as const;

export type IconName = keyof typeof ICONS;

/** The icons that point along the line: they mirror in a right-to-left locale (rtlMirrorStyles). */
const POINTING: ReadonlySet<IconName> = new Set(['back', 'chevronRight', 'disconnect']);

export function icon(name: IconName, size = 20): SVGTemplateResult {
  return svg`<svg class=${POINTING.has(name) ? 'rtl-mirror' : ''} aria-hidden="true" focusable="false" width=${size} height=${size} viewBox="0 0 24 24">${ICONS[name]}</svg>`;
}
