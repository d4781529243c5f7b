import { W3Modal } from './modal.element.js';

export { W3Modal };

export function defineModal(): void {
  W3Modal.define();
}

declare global {
  interface HTMLElementTagNameMap {
    [W3Modal.tagName]: W3Modal;
  }
}
