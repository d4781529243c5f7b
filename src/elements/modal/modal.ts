import { W3Modal } from './modal.element.js';

export { W3Modal };

export function defineModal(): void {
  W3Modal.define('w3-modal');
}

declare global {
  interface HTMLElementTagNameMap {
    'w3-modal': W3Modal;
  }
}
