import { W3ConnectingWalletConnectView } from './connecting-wallet-connect-view.element.js';

W3ConnectingWalletConnectView.define('w3-connecting-wallet-connect-view');

export { W3ConnectingWalletConnectView };
