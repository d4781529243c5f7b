import { W3WalletSendView } from './wallet-send-view.element.js';

export { W3WalletSendView };
W3WalletSendView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3WalletSendView.tagName]: W3WalletSendView;
  }
}
