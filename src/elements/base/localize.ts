/**
 * The localization layer's two tags, for every element: `msg('Text')` and
 * `msg(str\`Send ${amount}\`)` (lit-localize's runtime mode). Imported from their own modules so
 * the first chunk carries only them; the runtime that loads a locale's texts
 * (src/stores/locale-runtime.ts) comes in a lazy chunk when a locale other than English is chosen.
 */
export { msg } from '@lit/localize/init/install.js';
/** @public For messages with placeholders: msg(str`Send ${amount} ${symbol}`). */
export { str } from '@lit/localize/internal/str-tag.js';
