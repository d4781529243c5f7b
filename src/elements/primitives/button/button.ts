import { W3UiButton } from './button.element.js';

export { W3UiButton };

/** Registers `<w3-ui-button>` (idempotent). */
export function defineUiButton(): void {
  W3UiButton.define();
}
