import { W3WalletReceiveView } from './wallet-receive-view.element.js';

export { W3WalletReceiveView };
W3WalletReceiveView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3WalletReceiveView.tagName]: W3WalletReceiveView;
  }
}
