import { defineQrCode } from '../../primitives/qr-code/qr-code.js';
import { W3ConnectingWalletConnectView } from './connecting-wallet-connect-view.element.js';

defineQrCode();
W3ConnectingWalletConnectView.define();

export { W3ConnectingWalletConnectView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectingWalletConnectView;
