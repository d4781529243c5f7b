import { W3ConnectingSocialView } from './connecting-social-view.element.js';

export { W3ConnectingSocialView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectingSocialView;
W3ConnectingSocialView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3ConnectingSocialView.tagName]: W3ConnectingSocialView;
  }
}
