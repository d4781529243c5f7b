import { W3AccountView } from './account-view.element.js';

export { W3AccountView };
W3AccountView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3AccountView.tagName]: W3AccountView;
  }
}
