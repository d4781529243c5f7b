import { W3UiTokenPicker, type PickerToken } from './token-picker.element.js';

export { W3UiTokenPicker, type PickerToken };

/** Registers `<w3-ui-token-picker>` (idempotent): the Send and Swap views define it, so it stays out of the first chunk. */
export function defineUiTokenPicker(): void {
  W3UiTokenPicker.define();
}

declare global {
  interface HTMLElementTagNameMap {
    [W3UiTokenPicker.tagName]: W3UiTokenPicker;
  }
}
