import { html, nothing } from 'lit';
import * as embedded from '../../../stores/embedded/actions.js';
import { $emailLogin } from '../../../stores/embedded/state.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { defineUiOtpInput } from '../../primitives/otp-input/otp-input.js';
import type { W3UiOtpInput } from '../../primitives/otp-input/otp-input.element.js';
import { emailViewStyles } from '../email-login/email-views.styles.js';
import { viewStyles } from '../view.styles.js';
import { ResendCountdownController } from './resend-countdown.js';
import { otpPrompt } from './otp-prompt.js';

defineUiOtpInput();

/**
 * @summary EmailVerifyOtp: 'Enter the code we sent to' the address, six boxes (the first focused
 * on arrival; the sixth digit submits), 'Authenticating...' while the code is checked, the error
 * with the boxes cleared, and 'Resend code' once the cooldown is over (counted down till then).
 */
export class W3EmailVerifyOtpView extends W3Element {
  static override readonly tagName = 'w3-email-verify-otp-view';
  static override styles = [viewStyles, emailViewStyles];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: Pick<typeof embedded, 'submitOtp' | 'resendEmail'> = {
    submitOtp: (otp) => embedded.submitOtp(otp),
    resendEmail: () => embedded.resendEmail(),
  };

  private readonly login = new StoreController(this, $emailLogin);
  private readonly countdown = new ResendCountdownController(this, () => this.login.value.resendAt);
  /** The error last shown: a new one clears the boxes and puts focus back on the first. */
  private shownError: unknown;

  private get otp(): W3UiOtpInput | null {
    return this.renderRoot.querySelector<W3UiOtpInput>('w3-ui-otp-input');
  }

  protected override async firstUpdated(): Promise<void> {
    await this.otp?.updateComplete;
    this.otp?.focus();
  }

  protected override updated(): void {
    const { error } = this.login.value;
    if (error === this.shownError) return;
    this.shownError = error;
    const otp = this.otp;
    if (!error || !otp) return;
    otp.clear();
    void otp.updateComplete.then(() => otp.focus());
  }

  private submit(value: string): void {
    this.actions.submitOtp(value).catch(() => undefined); // the store keeps the error; it shows here
  }

  private renderResend() {
    const seconds = this.countdown.seconds;
    if (seconds > 0) return html`<p class="muted" data-resend>${msg(str`Resend code in ${seconds} s`)}</p>`;
    return html`<w3-ui-button variant="ghost" size="sm" data-resend @click=${() => void this.actions.resendEmail().catch(() => undefined)}
      >${msg('Resend code')}</w3-ui-button
    >`;
  }

  override render() {
    const { step, email, error } = this.login.value;
    const verifying = step === 'verifying';
    return html`<div class="verify">
      ${otpPrompt(email)}
      <w3-ui-otp-input
        ?disabled=${verifying}
        .error=${error && !verifying ? errorMessage(error) : undefined}
        @w3-complete=${(e: CustomEvent<{ value: string }>) => this.submit(e.detail.value)}
      ></w3-ui-otp-input>
      ${verifying
        ? html`<p class="status muted" role="status"><w3-ui-spinner label=""></w3-ui-spinner>${msg('Authenticating...')}</p>`
        : nothing}
      <div class="resend">${this.renderResend()}</div>
    </div>`;
  }
}
