import { W3SwapView } from './swap-view.element.js';

export { W3SwapView };
/** The view's class, which the view registry's loader resolves to. */
export default W3SwapView;
W3SwapView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3SwapView.tagName]: W3SwapView;
  }
}
