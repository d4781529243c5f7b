import { defineUiTabs } from '../../primitives/tabs/tabs.js';
import { W3AccountView } from './account-view.element.js';

export { W3AccountView };
/** The view's class, which the view registry's loader resolves to. */
export default W3AccountView;
defineUiTabs();
W3AccountView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3AccountView.tagName]: W3AccountView;
  }
}
