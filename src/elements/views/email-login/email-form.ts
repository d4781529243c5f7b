/** The e-mail form of EmailLogin and UpdateEmailWallet: the 'Email' field, its problem, the flow's error and 'Continue'. */
import { html } from 'lit';
import type { EmailProblem } from '../../../stores/connection/connect.js';
import { msg } from '../../base/localize.js';
import { errorMessage } from '../../l10n/errors.js';
import { emailProblemText } from '../../l10n/messages.js';

export interface EmailFormState {
  email: string;
  /** The input's own problem ('Required', 'Invalid input'); it hides the flow's error. */
  problem: EmailProblem | undefined;
  /** The flow's last failure (the cooldown, the backend gone). */
  error: unknown;
  sending: boolean;
  onInput: (value: string) => void;
  onSubmit: () => void;
}

export function emailForm({ email, problem, error, sending, onInput, onSubmit }: EmailFormState) {
  return html`<form novalidate @submit=${(e: Event) => (e.preventDefault(), onSubmit())}>
    <w3-ui-text-input
      label=${msg('Email')}
      type="email"
      autocomplete="email"
      placeholder=${msg('Email')}
      .value=${email}
      .error=${problem && emailProblemText(problem)}
      ?disabled=${sending}
      @w3-input=${(e: CustomEvent<{ value: string }>) => onInput(e.detail.value)}
      @w3-submit=${onSubmit}
    ></w3-ui-text-input>
    <p class="error" role="alert" data-login-error>${error && !problem ? errorMessage(error) : ''}</p>
    <w3-ui-button full-width aria-busy=${sending ? 'true' : 'false'} ?disabled=${sending} @click=${onSubmit}
      >${msg('Continue')}</w3-ui-button
    >
  </form>`;
}
