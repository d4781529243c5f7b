import { W3EmailVerifyDeviceView } from './email-verify-device-view.element.js';

export { W3EmailVerifyDeviceView };
/** The view's class, which the view registry's loader resolves to. */
export default W3EmailVerifyDeviceView;
W3EmailVerifyDeviceView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3EmailVerifyDeviceView.tagName]: W3EmailVerifyDeviceView;
  }
}
