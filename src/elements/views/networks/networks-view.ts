import { W3NetworksView } from './networks-view.element.js';

export { W3NetworksView };
/** The view's class, which the view registry's loader resolves to. */
export default W3NetworksView;
W3NetworksView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3NetworksView.tagName]: W3NetworksView;
  }
}
