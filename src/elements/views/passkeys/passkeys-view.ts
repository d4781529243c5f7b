import { W3PasskeysView } from './passkeys-view.element.js';

export { W3PasskeysView };
/** The view's class, which the view registry's loader resolves to. */
export default W3PasskeysView;
W3PasskeysView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3PasskeysView.tagName]: W3PasskeysView;
  }
}
