import { W3ConnectingWalletConnectView } from './connecting-wallet-connect-view.element.js';

W3ConnectingWalletConnectView.define();

export { W3ConnectingWalletConnectView };
