import { W3EmailLoginView } from './email-login-view.element.js';

export { W3EmailLoginView };
/** The view's class, which the view registry's loader resolves to. */
export default W3EmailLoginView;
W3EmailLoginView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3EmailLoginView.tagName]: W3EmailLoginView;
  }
}
