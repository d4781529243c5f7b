/**
 * `w3kit/elements`: side effect only, defines every w3-* element (safe to load twice). The
 * element classes are exported as types: through them its declarations carry the global
 * `HTMLElementTagNameMap` entries, so `document.querySelector('w3-modal')` is a `W3Modal`.
 */
import { defineElements } from './elements/index.js';

export type { W3AccountButton, W3Button, W3ConnectButton, W3NetworkButton } from './elements/buttons/index.js';
export type { W3Modal } from './elements/modal/modal.js';

defineElements();
