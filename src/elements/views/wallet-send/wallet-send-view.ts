import { W3WalletSendView } from './wallet-send-view.element.js';

export { W3WalletSendView };
/** The view's class, which the view registry's loader resolves to. */
export default W3WalletSendView;
W3WalletSendView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3WalletSendView.tagName]: W3WalletSendView;
  }
}
