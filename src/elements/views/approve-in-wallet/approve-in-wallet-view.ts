import { W3ApproveInWalletView } from './approve-in-wallet-view.element.js';

export { W3ApproveInWalletView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ApproveInWalletView;
W3ApproveInWalletView.define();
