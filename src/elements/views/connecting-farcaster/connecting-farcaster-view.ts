import { defineQrCode } from '../../primitives/qr-code/qr-code.js';
import { W3ConnectingFarcasterView } from './connecting-farcaster-view.element.js';

defineQrCode();

export { W3ConnectingFarcasterView };
/** The view's class, which the view registry's loader resolves to. */
export default W3ConnectingFarcasterView;
W3ConnectingFarcasterView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3ConnectingFarcasterView.tagName]: W3ConnectingFarcasterView;
  }
}
