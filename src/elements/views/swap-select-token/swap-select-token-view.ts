import { W3SwapSelectTokenView } from './swap-select-token-view.element.js';

export { W3SwapSelectTokenView };
/** The view's class, which the view registry's loader resolves to. */
export default W3SwapSelectTokenView;
W3SwapSelectTokenView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3SwapSelectTokenView.tagName]: W3SwapSelectTokenView;
  }
}
