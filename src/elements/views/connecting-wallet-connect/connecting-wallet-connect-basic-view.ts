import { defineQrCode } from '../../primitives/qr-code/qr-code.js';
import { W3ConnectingWalletConnectBasicView } from './connecting-wallet-connect-view.element.js';

defineQrCode();
W3ConnectingWalletConnectBasicView.define();

export { W3ConnectingWalletConnectBasicView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectingWalletConnectBasicView;
