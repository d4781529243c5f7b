import { W3UiTextInput } from './text-input.element.js';

export { W3UiTextInput };

/** Registers `<w3-ui-text-input>` (idempotent). */
export function defineUiTextInput(): void {
  W3UiTextInput.define();
}
