import { W3ConnectView } from './connect-view.element.js';

export { W3ConnectView };
W3ConnectView.define('w3-connect-view');

declare global {
  interface HTMLElementTagNameMap {
    'w3-connect-view': W3ConnectView;
  }
}
