import { W3ConnectingExternalView } from './connecting-external-view.element.js';

export { W3ConnectingExternalView };
W3ConnectingExternalView.define();
