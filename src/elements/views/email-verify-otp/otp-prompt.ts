import { html } from 'lit';
import { truncateEmail } from '../../../core/address.js';
import { msg } from '../../base/localize.js';

/** 'Enter the code we sent to' and the address, bold (truncated past 30 characters, whole in its title). */
export function otpPrompt(email: string | undefined) {
  return html`<p data-prompt>
    ${msg('Enter the code we sent to')}
    <strong class="address" dir="ltr" title=${email ?? ''}>${truncateEmail(email ?? '')}</strong>
  </p>`;
}
