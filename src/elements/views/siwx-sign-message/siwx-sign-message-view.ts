import { W3SiwxSignMessageView } from './siwx-sign-message-view.element.js';

export { W3SiwxSignMessageView };
/** The view's class, which the view registry's loader resolves to. */
export default W3SiwxSignMessageView;
W3SiwxSignMessageView.define();
