import { W3UiToast } from './toast.element.js';

export { W3UiToast };

/** Registers `<w3-ui-toast>` (idempotent). */
export function defineUiToast(): void {
  W3UiToast.define();
}
