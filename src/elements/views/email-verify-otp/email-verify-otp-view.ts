import { W3EmailVerifyOtpView } from './email-verify-otp-view.element.js';

export { W3EmailVerifyOtpView };
/** The view's class, which the view registry's loader resolves to. */
export default W3EmailVerifyOtpView;
W3EmailVerifyOtpView.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3EmailVerifyOtpView.tagName]: W3EmailVerifyOtpView;
  }
}
