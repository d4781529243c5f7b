import { W3UnsupportedChainView } from './unsupported-chain-view.element.js';

export { W3UnsupportedChainView };
W3UnsupportedChainView.define();
