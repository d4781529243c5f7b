/**
 * The gallery (issue 35, section 3): every view of the modal in each of its states, from
 * fixtures. `/gallery/` lists the states; `/gallery/?state=<id>&theme=light|dark|accent&locale=<code>&width=1280|375`
 * renders exactly that one. `window.w3Gallery.states` lists every state id; a rendered state
 * sets `document.documentElement.dataset.galleryReady = 'true'` (the visual tests' contract).
 */
import './env.js';
import { allLocaleCodes, allLocales } from './locales.js';
import { renderIndex } from './index-page.js';
import { renderState, type Theme } from './render.js';
import { STATES } from './states/index.js';
import { stateId } from './states/types.js';

declare global {
  interface Window {
    w3Gallery: { states: string[] };
  }
}

const ids = STATES.map(stateId);
window.w3Gallery = { states: ids };

const params = new URLSearchParams(location.search);
const theme: Theme = (['light', 'dark', 'accent'] as const).find((t) => t === params.get('theme')) ?? 'light';
const locale = allLocaleCodes.find((c) => c === params.get('locale')) ?? 'en';
const width = params.get('width') === '375' ? 375 : 1280;
const wanted = params.get('state');

document.documentElement.dataset.galleryTheme = theme;
document.documentElement.dataset.galleryWidth = String(width);
if (wanted === null) {
  renderIndex({ theme, locale, width, locales: allLocales });
} else {
  const state = STATES.find((s) => stateId(s) === wanted);
  if (!state) {
    document.body.textContent = `No gallery state '${wanted}'.`;
    throw new Error(`gallery: no state '${wanted}'`);
  }
  document.title = `${wanted} · w3kit gallery`;
  await renderState(state, { theme, locale });
}
