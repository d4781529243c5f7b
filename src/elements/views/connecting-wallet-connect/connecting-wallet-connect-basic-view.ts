import { W3ConnectingWalletConnectBasicView } from './connecting-wallet-connect-view.element.js';

W3ConnectingWalletConnectBasicView.define();

export { W3ConnectingWalletConnectBasicView };
