import { W3CallsStatusView } from './calls-status-view.element.js';

export { W3CallsStatusView };
/** The view's class, which the view registry's loader resolves to. */
export default W3CallsStatusView;
W3CallsStatusView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3CallsStatusView.tagName]: W3CallsStatusView;
  }
}
