import { W3OnRampTokenSelectView } from './onramp-token-select-view.element.js';

export { W3OnRampTokenSelectView };
/** The view's class, which the view registry's loader resolves to. */
export default W3OnRampTokenSelectView;
W3OnRampTokenSelectView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3OnRampTokenSelectView.tagName]: W3OnRampTokenSelectView;
  }
}
