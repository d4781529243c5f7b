import { W3NetworksView } from './networks-view.element.js';

export { W3NetworksView };
W3NetworksView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3NetworksView.tagName]: W3NetworksView;
  }
}
