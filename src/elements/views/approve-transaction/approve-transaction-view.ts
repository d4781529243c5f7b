import { W3ApproveTransactionView } from './approve-transaction-view.element.js';

export { W3ApproveTransactionView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ApproveTransactionView;
W3ApproveTransactionView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3ApproveTransactionView.tagName]: W3ApproveTransactionView;
  }
}
