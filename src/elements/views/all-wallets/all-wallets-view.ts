import { W3AllWalletsView } from './all-wallets-view.element.js';

W3AllWalletsView.define();

export { W3AllWalletsView };
/** The view's class, which the view registry's loader resolves to. */
export default W3AllWalletsView;
