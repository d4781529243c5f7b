import { W3AllWalletsView } from './all-wallets-view.element.js';

W3AllWalletsView.define('w3-all-wallets-view');

export { W3AllWalletsView };
