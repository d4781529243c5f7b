import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import type { EmailProblem } from '../../../stores/connection/connect.js';
import * as embedded from '../../../stores/embedded/actions.js';
import { $emailChange, $embeddedUser } from '../../../stores/embedded/state.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { defineUiOtpInput } from '../../primitives/otp-input/otp-input.js';
import type { W3UiOtpInput } from '../../primitives/otp-input/otp-input.element.js';
import { emailViewStyles } from '../email-login/email-views.styles.js';
import { emailForm } from '../email-login/email-form.js';
import { otpPrompt } from '../email-verify-otp/otp-prompt.js';
import { viewStyles } from '../view.styles.js';

defineUiOtpInput();

/**
 * @summary UpdateEmailWallet: the new address ('Email', 'Continue'), then the code sent to the
 * current address, then the code sent to the new one ('Authenticating...' while each is
 * checked); the action shows Account when the new address is stored.
 */
export class W3UpdateEmailWalletView extends W3Element {
  static override readonly tagName = 'w3-update-email-wallet-view';
  static override styles = [viewStyles, emailViewStyles];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: Pick<typeof embedded, 'startEmailChange' | 'submitEmailChangeOtp'> = {
    startEmailChange: (email) => embedded.startEmailChange(email),
    submitEmailChangeOtp: (otp) => embedded.submitEmailChangeOtp(otp),
  };

  private readonly change = new StoreController(this, $emailChange);
  private readonly user = new StoreController(this, $embeddedUser);
  @state() private email = '';
  @state() private problem: EmailProblem | undefined;
  /** The code step shown last ('verifying' keeps its boxes, disabled). */
  private codeStep: 'primary' | 'secondary' = 'primary';
  /** The code input and error last focused: a new input or a new error puts focus on its first box. */
  private focused: { otp: W3UiOtpInput | null; error: unknown } = { otp: null, error: undefined };

  protected override updated(): void {
    const otp = this.renderRoot.querySelector<W3UiOtpInput>('w3-ui-otp-input');
    const { error } = this.change.value;
    if (otp === this.focused.otp && error === this.focused.error) return;
    const fresh = otp !== this.focused.otp;
    this.focused = { otp, error };
    if (!otp || (!fresh && !error)) return;
    if (!fresh) otp.clear();
    void otp.updateComplete.then(() => otp.focus());
  }

  private submitEmail(): void {
    if (this.change.value.step === 'sending') return;
    this.problem = this.actions.startEmailChange(this.email);
  }

  private renderForm(sending: boolean, error: unknown) {
    return emailForm({
      email: this.email,
      problem: this.problem,
      error,
      sending,
      onInput: (value) => ((this.email = value), (this.problem = undefined)),
      onSubmit: () => this.submitEmail(),
    });
  }

  private renderCode(verifying: boolean, error: unknown) {
    const address = this.codeStep === 'primary' ? (this.user.value?.email ?? undefined) : this.change.value.newEmail;
    // One input per step: the second code starts in empty boxes.
    return keyed(
      this.codeStep,
      html`<div class="verify" data-step=${this.codeStep}>
        ${otpPrompt(address)}
        <w3-ui-otp-input
          ?disabled=${verifying}
          .error=${error && !verifying ? errorMessage(error) : undefined}
          @w3-complete=${(e: CustomEvent<{ value: string }>) => this.actions.submitEmailChangeOtp(e.detail.value).catch(() => undefined)}
        ></w3-ui-otp-input>
        ${verifying
          ? html`<p class="status muted" role="status"><w3-ui-spinner label=""></w3-ui-spinner>${msg('Authenticating...')}</p>`
          : nothing}
      </div>`,
    );
  }

  override render() {
    const { step, error } = this.change.value;
    if (step === 'idle' || step === 'sending') return this.renderForm(step === 'sending', error);
    if (step === 'done') return nothing;
    if (step === 'primary' || step === 'secondary') this.codeStep = step;
    return this.renderCode(step === 'verifying', error);
  }
}
