import { W3AccountView } from './account-view.element.js';

export { W3AccountView };
W3AccountView.define('w3-account-view');

declare global {
  interface HTMLElementTagNameMap {
    'w3-account-view': W3AccountView;
  }
}
