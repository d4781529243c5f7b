import { W3OnRampFiatSelectView } from './onramp-fiat-select-view.element.js';

export { W3OnRampFiatSelectView };
/** The view's class, which the view registry's loader resolves to. */
export default W3OnRampFiatSelectView;
W3OnRampFiatSelectView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3OnRampFiatSelectView.tagName]: W3OnRampFiatSelectView;
  }
}
