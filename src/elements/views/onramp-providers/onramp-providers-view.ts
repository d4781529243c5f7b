import { W3OnRampProvidersView } from './onramp-providers-view.element.js';

export { W3OnRampProvidersView };
/** The view's class, which the view registry's loader resolves to. */
export default W3OnRampProvidersView;
W3OnRampProvidersView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3OnRampProvidersView.tagName]: W3OnRampProvidersView;
  }
}
