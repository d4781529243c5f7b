import { W3SwitchNetworkView } from './switch-network-view.element.js';

export { W3SwitchNetworkView };
W3SwitchNetworkView.define();
