import { W3WalletReceiveView } from './wallet-receive-view.element.js';

export { W3WalletReceiveView };
W3WalletReceiveView.define('w3-wallet-receive-view');

declare global {
  interface HTMLElementTagNameMap {
    'w3-wallet-receive-view': W3WalletReceiveView;
  }
}
