import { W3ConnectSocialsView } from './connect-socials-view.element.js';

export { W3ConnectSocialsView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectSocialsView;
W3ConnectSocialsView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3ConnectSocialsView.tagName]: W3ConnectSocialsView;
  }
}
