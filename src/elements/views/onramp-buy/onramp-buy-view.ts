import { W3OnRampBuyView } from './onramp-buy-view.element.js';

export { W3OnRampBuyView };
/** The view's class, which the view registry's loader resolves to. */
export default W3OnRampBuyView;
W3OnRampBuyView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3OnRampBuyView.tagName]: W3OnRampBuyView;
  }
}
