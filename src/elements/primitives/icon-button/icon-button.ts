import { W3UiIconButton } from './icon-button.element.js';

export { W3UiIconButton };

/** Registers `<w3-ui-icon-button>` (idempotent). */
export function defineUiIconButton(): void {
  W3UiIconButton.define();
}
