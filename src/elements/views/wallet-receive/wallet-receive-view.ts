import { defineQrCode } from '../../primitives/qr-code/qr-code.js';
import { W3WalletReceiveView } from './wallet-receive-view.element.js';

export { W3WalletReceiveView };
/** The view's class, which the view registry's loader resolves to. */
export default W3WalletReceiveView;
defineQrCode();
W3WalletReceiveView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3WalletReceiveView.tagName]: W3WalletReceiveView;
  }
}
