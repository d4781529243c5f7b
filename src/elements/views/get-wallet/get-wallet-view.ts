import { W3GetWalletView } from './get-wallet-view.element.js';

export { W3GetWalletView };
/** The view's class, which the view registry's loader resolves to. */
export default W3GetWalletView;
W3GetWalletView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3GetWalletView.tagName]: W3GetWalletView;
  }
}
