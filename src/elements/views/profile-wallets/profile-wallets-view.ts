import { W3ProfileWalletsView } from './profile-wallets-view.element.js';

export { W3ProfileWalletsView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ProfileWalletsView;
W3ProfileWalletsView.define();
