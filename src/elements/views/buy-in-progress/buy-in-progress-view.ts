import { W3BuyInProgressView } from './buy-in-progress-view.element.js';

export { W3BuyInProgressView };
/** The view's class, which the view registry's loader resolves to. */
export default W3BuyInProgressView;
W3BuyInProgressView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3BuyInProgressView.tagName]: W3BuyInProgressView;
  }
}
