import { html } from 'lit';
import { truncateEmail } from '../../../core/address.js';
import * as embedded from '../../../stores/embedded/actions.js';
import { $emailLogin } from '../../../stores/embedded/state.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { icon } from '../../primitives/icons.js';
import { emailViewStyles } from '../email-login/email-views.styles.js';
import { ResendCountdownController } from '../email-verify-otp/resend-countdown.js';
import { viewStyles } from '../view.styles.js';

/**
 * @summary EmailVerifyDevice: a new device must be approved from the link mailed to the user
 * (then the code follows by itself): 'Register this device to continue', the address, and
 * 'Resend email' once the cooldown is over (counted down till then).
 */
export class W3EmailVerifyDeviceView extends W3Element {
  static override readonly tagName = 'w3-email-verify-device-view';
  static override styles = [viewStyles, emailViewStyles];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: Pick<typeof embedded, 'resendEmail'> = {
    resendEmail: () => embedded.resendEmail(),
  };

  private readonly login = new StoreController(this, $emailLogin);
  private readonly countdown = new ResendCountdownController(this, () => this.login.value.resendAt);

  private renderResend() {
    const seconds = this.countdown.seconds;
    if (seconds > 0) return html`<p class="muted" data-resend>${msg(str`Resend email in ${seconds} s`)}</p>`;
    return html`<w3-ui-button variant="ghost" size="sm" data-resend @click=${() => void this.actions.resendEmail().catch(() => undefined)}
      >${msg('Resend email')}</w3-ui-button
    >`;
  }

  override render() {
    const { email, error } = this.login.value;
    return html`<div class="verify">
      <div class="icon" aria-hidden="true">${icon('mail', 40)}</div>
      <h3>${msg('Register this device to continue')}</h3>
      <p data-prompt>
        ${msg('Check your inbox: we sent a link to')}
        <strong class="address" dir="ltr" title=${email ?? ''}>${truncateEmail(email ?? '')}</strong>
        ${msg('to approve this device.')}
      </p>
      <p class="error" role="alert">${error ? errorMessage(error) : ''}</p>
      <div class="resend">${this.renderResend()}</div>
    </div>`;
  }
}
