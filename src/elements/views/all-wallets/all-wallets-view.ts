import { W3AllWalletsView } from './all-wallets-view.element.js';

W3AllWalletsView.define();

export { W3AllWalletsView };
