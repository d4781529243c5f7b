import { W3UpdateEmailWalletView } from './update-email-wallet-view.element.js';

export { W3UpdateEmailWalletView };
/** The view's class, which the view registry's loader resolves to. */
export default W3UpdateEmailWalletView;
W3UpdateEmailWalletView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3UpdateEmailWalletView.tagName]: W3UpdateEmailWalletView;
  }
}
