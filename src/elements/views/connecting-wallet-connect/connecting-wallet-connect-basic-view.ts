import { W3ConnectingWalletConnectBasicView } from './connecting-wallet-connect-view.element.js';

W3ConnectingWalletConnectBasicView.define('w3-connecting-wallet-connect-basic-view');

export { W3ConnectingWalletConnectBasicView };
