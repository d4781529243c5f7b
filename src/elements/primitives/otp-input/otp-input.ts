import { W3UiOtpInput } from './otp-input.element.js';

export { W3UiOtpInput };

/** Registers `<w3-ui-otp-input>` (idempotent); the e-mail views define it (it stays out of the first chunk). */
export function defineUiOtpInput(): void {
  W3UiOtpInput.define();
}

declare global {
  interface HTMLElementTagNameMap {
    [W3UiOtpInput.tagName]: W3UiOtpInput;
  }
}
