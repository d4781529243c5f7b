import { W3ProfileWalletsView } from './profile-wallets-view.element.js';

export { W3ProfileWalletsView };
W3ProfileWalletsView.define();
