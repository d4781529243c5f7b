import { W3UnsupportedChainView } from './unsupported-chain-view.element.js';

export { W3UnsupportedChainView };
/** The view's class, which the view registry's loader resolves to. */
export default W3UnsupportedChainView;
W3UnsupportedChainView.define();
