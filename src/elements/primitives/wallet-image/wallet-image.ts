import { W3UiWalletImage } from './wallet-image.element.js';

export { W3UiWalletImage };

/** Registers `<w3-ui-wallet-image>` (idempotent). */
export function defineUiWalletImage(): void {
  W3UiWalletImage.define();
}
