import { W3SwitchActiveChainView } from './switch-active-chain-view.element.js';

export { W3SwitchActiveChainView };
/** The view's class, which the view registry's loader resolves to. */
export default W3SwitchActiveChainView;
W3SwitchActiveChainView.define();
