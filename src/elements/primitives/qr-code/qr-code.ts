import { W3QrCode } from './qr-code.element.js';

export { W3QrCode };

/** Registers `<w3-qr-code>` (idempotent). */
export function defineQrCode(): void {
  W3QrCode.define();
}
