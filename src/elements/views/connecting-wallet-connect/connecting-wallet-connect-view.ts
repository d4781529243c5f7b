import { W3ConnectingWalletConnectView } from './connecting-wallet-connect-view.element.js';

W3ConnectingWalletConnectView.define();

export { W3ConnectingWalletConnectView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectingWalletConnectView;
