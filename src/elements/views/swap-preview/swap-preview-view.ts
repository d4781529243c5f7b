import { W3SwapPreviewView } from './swap-preview-view.element.js';

export { W3SwapPreviewView };
/** The view's class, which the view registry's loader resolves to. */
export default W3SwapPreviewView;
W3SwapPreviewView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3SwapPreviewView.tagName]: W3SwapPreviewView;
  }
}
