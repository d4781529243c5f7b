import { W3SwitchActiveChainView } from './switch-active-chain-view.element.js';

export { W3SwitchActiveChainView };
W3SwitchActiveChainView.define();
