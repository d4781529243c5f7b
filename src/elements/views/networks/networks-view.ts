import { W3NetworksView } from './networks-view.element.js';

export { W3NetworksView };
W3NetworksView.define('w3-networks-view');

declare global {
  interface HTMLElementTagNameMap {
    'w3-networks-view': W3NetworksView;
  }
}
