import { W3WalletSendView } from './wallet-send-view.element.js';

export { W3WalletSendView };
W3WalletSendView.define('w3-wallet-send-view');

declare global {
  interface HTMLElementTagNameMap {
    'w3-wallet-send-view': W3WalletSendView;
  }
}
