import { W3RegisterAccountNameView } from './register-account-name-view.element.js';

export { W3RegisterAccountNameView };
/** The view's class, which the view registry's loader resolves to. */
export default W3RegisterAccountNameView;
W3RegisterAccountNameView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3RegisterAccountNameView.tagName]: W3RegisterAccountNameView;
  }
}
