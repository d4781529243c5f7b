import { W3UiSpinner } from './spinner.element.js';

export { W3UiSpinner };

/** Registers `<w3-ui-spinner>` (idempotent). */
export function defineUiSpinner(): void {
  W3UiSpinner.define();
}
