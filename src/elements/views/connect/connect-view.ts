import { W3ConnectView } from './connect-view.element.js';

export { W3ConnectView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectView;
W3ConnectView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3ConnectView.tagName]: W3ConnectView;
  }
}
