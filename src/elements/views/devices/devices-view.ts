import { W3DevicesView } from './devices-view.element.js';

export { W3DevicesView };
/** The view's class, which the view registry's loader resolves to. */
export default W3DevicesView;
W3DevicesView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3DevicesView.tagName]: W3DevicesView;
  }
}
