import { W3ConnectView } from './connect-view.element.js';

export { W3ConnectView };
W3ConnectView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3ConnectView.tagName]: W3ConnectView;
  }
}
