import { W3SwitchNetworkView } from './switch-network-view.element.js';

export { W3SwitchNetworkView };
/** The view's class, which the view registry's loader resolves to. */
export default W3SwitchNetworkView;
W3SwitchNetworkView.define();
