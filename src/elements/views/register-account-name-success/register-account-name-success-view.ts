import { W3RegisterAccountNameSuccessView } from './register-account-name-success-view.element.js';

export { W3RegisterAccountNameSuccessView };
/** The view's class, which the view registry's loader resolves to. */
export default W3RegisterAccountNameSuccessView;
W3RegisterAccountNameSuccessView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3RegisterAccountNameSuccessView.tagName]: W3RegisterAccountNameSuccessView;
  }
}
