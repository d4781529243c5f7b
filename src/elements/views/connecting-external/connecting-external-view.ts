import { W3ConnectingExternalView } from './connecting-external-view.element.js';

export { W3ConnectingExternalView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectingExternalView;
W3ConnectingExternalView.define();
