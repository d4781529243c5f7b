/**
 * The CDN module for `<script type="module" src=".../w3kit.js">`: defines the elements (which
 * read <w3-modal>'s declarative configuration) and sets `window.w3kit` to the exports.
 * Browsers only.
 */
import './elements.js';
import * as w3kit from './index.js';

export * from './index.js';

declare global {
  interface Window {
    w3kit: typeof w3kit;
  }
}

window.w3kit = w3kit;
