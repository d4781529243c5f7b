import { state } from 'lit/decorators.js';
import type { EmailProblem } from '../../../stores/connection/connect.js';
import * as embedded from '../../../stores/embedded/actions.js';
import { $emailLogin } from '../../../stores/embedded/state.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import type { W3UiTextInput } from '../../primitives/text-input/text-input.element.js';
import { viewStyles } from '../view.styles.js';
import { emailForm } from './email-form.js';
import { emailViewStyles } from './email-views.styles.js';

/**
 * @summary EmailLogin: the e-mail login form as a full view (an 'Email' field, Enter or
 * 'Continue' submits; 'Required', 'Invalid input', and the login's error such as the cooldown).
 */
export class W3EmailLoginView extends W3Element {
  static override readonly tagName = 'w3-email-login-view';
  static override styles = [viewStyles, emailViewStyles];

  /** The actions this view calls (a field, so tests can watch them). */
  protected actions: Pick<typeof embedded, 'submitEmail'> = {
    submitEmail: (email) => embedded.submitEmail(email),
  };

  private readonly login = new StoreController(this, $emailLogin);
  @state() private email = $emailLogin.get().email ?? '';
  @state() private problem: EmailProblem | undefined;

  protected override async firstUpdated(): Promise<void> {
    const input = this.renderRoot.querySelector<W3UiTextInput>('w3-ui-text-input');
    await input?.updateComplete;
    input?.focus();
  }

  private submit(): void {
    if (this.login.value.step === 'sending') return;
    this.problem = this.actions.submitEmail(this.email);
  }

  override render() {
    const { step, error } = this.login.value;
    const sending = step === 'sending';
    return emailForm({
      email: this.email,
      problem: this.problem,
      error,
      sending,
      onInput: (value) => ((this.email = value), (this.problem = undefined)),
      onSubmit: () => this.submit(),
    });
  }
}
