/**
 * `w3kit/vue` (types only, opt-in): declares the page elements in Vue's `GlobalComponents`, so
 * Vue's template tooling (vue-tsc, Volar) checks `<w3-modal project-id="…" @w3-open="…">` and
 * the other page elements' attributes and events. Load it once, e.g. `import type {} from
 * 'w3kit/vue'` in a `.d.ts` of the app, and keep `isCustomElement: (tag) => tag.startsWith('w3-')`
 * in the Vue compiler options. Needs `vue` in the app; nothing of it runs.
 */
export type { W3VueComponents } from './generated/components.js';
