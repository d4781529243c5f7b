import { css, html, nothing, type PropertyValues } from 'lit';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '../../../wire/names-api.js';
import {
  $registerName,
  canRegister,
  chooseSuggestion,
  labelOf,
  registerName,
  resetRegisterName,
  setNameLabel,
  type NameCheck,
  type RegisterNameError,
} from '../../../stores/names/register-name.js';
import { $nameZone } from '../../../stores/names/zone.js';
import { replaceView } from '../../../stores/ui/router.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { StepFocusController } from '../../base/step-focus.js';
import { W3Element } from '../../base/w3-element.js';
import type { W3UiTextInput } from '../../primitives/text-input/text-input.element.js';
import { viewStyles } from '../view.styles.js';
import { reservedMessageStyles } from '../../primitives/text-input/reserved-message.styles.js';

/** The validation text of an invalid label (spec section 5), in words. */
function problemText(check: NameCheck): string | undefined {
  if (check.status !== 'invalid') return undefined;
  switch (check.problem) {
    case 'short':
      return msg(str`Name must be at least ${NAME_MIN_LENGTH} characters`, {
        id: 'register-name-too-short',
        desc: 'Choose name view: the name typed is too short',
      });
    case 'long':
      return msg(str`Name must be at most ${NAME_MAX_LENGTH} characters`, {
        id: 'register-name-too-long',
        desc: 'Choose name view: the name typed is too long',
      });
    case 'chars':
      return msg('Use only letters, digits and hyphens', {
        id: 'register-name-chars',
        desc: 'Choose name view: the name typed has a character other than letters, digits and hyphens',
      });
    case 'hyphen-edge':
      return msg('A name cannot start or end with a hyphen', {
        id: 'register-name-hyphen-edge',
        desc: 'Choose name view: the name typed starts or ends with a hyphen (-)',
      });
    case 'hyphen-34':
      return msg('A name cannot have hyphens as its 3rd and 4th characters', {
        id: 'register-name-hyphen-34',
        desc: 'Choose name view: the name typed has hyphens (-) in both its 3rd and 4th places (reserved, as in xn--)',
      });
  }
}

/** What the availability line says. */
function availabilityText(check: NameCheck): string {
  switch (check.status) {
    case 'checking':
      return msg('Checking...', { id: 'register-name-checking', desc: 'Choose name view: the availability of the name is being checked' });
    case 'available':
      return msg('Available', { id: 'register-name-available', desc: 'Choose name view: the name typed can be registered' });
    case 'taken':
      return msg('Name taken', { id: 'register-name-taken', desc: 'Choose name view: another account has the name typed' });
    case 'failed':
      return msg('Error fetching name suggestions');
    default:
      return '';
  }
}

/** A registration failure in words (spec section 8). */
function failureText(error: RegisterNameError | undefined): string {
  if (!error) return '';
  if (error.kind === 'declined') return msg('Signature declined');
  return error.kind === 'reason' ? error.text : msg('Error registering name');
}

const styles = css`
  .field {
    display: flex;
    align-items: flex-start;
    gap: 6px;
  }
  .field w3-ui-text-input {
    flex: 1;
    min-width: 0;
  }
  .suffix {
    padding-top: 10px;
    color: var(--w3i-fg-muted);
    white-space: nowrap;
  }
  [data-availability][data-status='available'] {
    color: var(--w3i-success, #26a17b);
  }
  [data-availability][data-status='taken'],
  [data-availability][data-status='failed'],
  .error {
    color: var(--w3i-error);
  }
  .error:empty,
  [data-availability]:empty {
    display: none;
  }
  .suggestions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .suggestions button {
    border: 1px solid var(--w3i-border);
    border-radius: var(--w3i-radius-md, 12px);
    background: transparent;
    color: var(--w3i-fg);
    font: inherit;
    padding: 4px 10px;
    cursor: pointer;
  }
  .suggestions button:focus-visible {
    outline: 2px solid var(--w3i-accent);
    outline-offset: 1px;
  }
`;

/**
 * @summary RegisterAccountName: a name for the connected eip155 account in the registry's zone
 * (shown beside the input). Availability shows as typing pauses ('Available', 'Name taken', or
 * the validation text); a taken name offers free suggestions (a click fills one); 'Register',
 * enabled for an available name, asks the wallet to sign ('Confirm in your wallet') and then
 * shows RegisterAccountNameSuccess; failures show in an alert region.
 */
export class W3RegisterAccountNameView extends W3Element {
  static override readonly tagName = 'w3-register-account-name-view';
  static override styles = [viewStyles, styles, reservedMessageStyles];

  private readonly state = new StoreController(this, $registerName);
  private readonly zone = new StoreController(this, $nameZone);
  /** Waiting for the wallet is a step: its text, then the name field again, get the focus (the view host focuses `data-step-focus`). */
  private readonly stepFocus = new StepFocusController(this, () => this.state.value.stage !== undefined);

  override connectedCallback(): void {
    super.connectedCallback();
    resetRegisterName();
  }

  protected override async firstUpdated(changed: PropertyValues): Promise<void> {
    super.firstUpdated(changed);
    const input = this.renderRoot.querySelector<W3UiTextInput>('w3-ui-text-input');
    await input?.updateComplete;
    input?.focus();
  }

  private async register(): Promise<void> {
    if (!canRegister()) return;
    if (await registerName()) replaceView('RegisterAccountNameSuccess');
  }

  private renderSuggestions() {
    const { check, suggestions } = this.state.value;
    if (check.status !== 'taken' || suggestions.length === 0) return nothing;
    const label = msg('Suggestions', { id: 'register-name-suggestions', desc: 'Choose name view: heading of free names like a taken one' });
    return html`<p class="muted" id="w3-name-suggestions">${label}</p>
      <ul class="suggestions" aria-labelledby="w3-name-suggestions" data-suggestions>
        ${suggestions.map(
          (s) => html`<li><button type="button" dir="ltr" @click=${() => void chooseSuggestion(s.name)}>${labelOf(s.name)}</button></li>`,
        )}
      </ul>`;
  }

  override render() {
    const state = this.state.value;
    const { check, stage, label } = state;
    const zone = this.zone.value;
    const busy = stage !== undefined;
    return html`<div class="stack">
      <p class="muted">
        ${msg('Choose a name for your account. People can send to it instead of your address.', {
          id: 'register-name-intro',
          desc: 'Choose name view: what a registered name is for',
        })}
      </p>
      <div class="field">
        <w3-ui-text-input
          label=${msg('Name', { id: 'register-name-input', desc: 'Choose name view: label of the name input' })}
          hide-label
          autocomplete="off"
          ?data-step-focus=${!busy}
          .value=${label}
          .error=${problemText(check)}
          ?disabled=${busy}
          @w3-input=${(e: CustomEvent<{ value: string }>) => setNameLabel(e.detail.value)}
          @w3-submit=${() => void this.register()}
        ></w3-ui-text-input>
        <span class="suffix" dir="ltr" data-suffix>.${zone}</span>
      </div>
      <p role="status" data-availability data-status=${check.status}>${availabilityText(check)}</p>
      ${this.renderSuggestions()}
      <p class="error center" role="alert" data-error>${failureText(state.error)}</p>
      ${busy
        ? html`<p class="muted center" tabindex="-1" data-step-focus data-waiting>
            ${stage === 'signing'
              ? msg('Confirm in your wallet', { id: 'register-name-confirm', desc: 'Choose name view: the wallet is asked to sign' })
              : nothing}
          </p>`
        : nothing}
      <w3-ui-button
        data-register
        aria-busy=${busy ? 'true' : 'false'}
        pending=${stage === 'signing' ? 'sign' : nothing}
        ?disabled=${!canRegister(state)}
        @click=${() => void this.register()}
        >${msg('Register', { id: 'register-name-submit', desc: 'Choose name view: button that registers the name' })}</w3-ui-button
      >
    </div>`;
  }
}
