import { css, html, nothing } from 'lit';
import { $features, $options } from '../../../stores/app/options.js';
import { $passkeyLogin } from '../../../stores/embedded/state.js';
import { msg } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { hasWebAuthn, passkeyIcon } from '../passkeys/passkey-icon.js';
import { viewStyles } from '../view.styles.js';

/** The passkey flow (a lazy chunk: Connect's own chunk stays as it is until the user clicks). */
const loadPasskeys = () => import('../../../stores/embedded/passkeys.js');

/**
 * @summary The Connect view's passkey login: a full-width secondary button 'Log in with a passkey',
 * shown when the browser has WebAuthn and the embedded wallet is configured (`secureSiteUrl`, and
 * e-mail or social login). Busy while the frame asks for the passkey; a failure shows under it
 * (an alert) with 'Try again' until the user acts.
 */
export class W3PasskeyLogin extends W3Element {
  static override readonly tagName = 'w3-passkey-login';
  static override styles = [
    viewStyles,
    css`
      /* Below the e-mail form or the social row, with the room the rows keep between them. */
      :host {
        display: block;
        margin-top: 8px;
      }
      :host([hidden]) {
        display: none;
      }
      .error {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 8px;
        color: var(--w3i-error);
        font-size: var(--w3i-text-xs);
      }
      .error:empty {
        display: none;
      }
    `,
  ];

  private readonly login = new StoreController(this, $passkeyLogin);
  private readonly options = new StoreController(this, $options);
  private readonly features = new StoreController(this, $features);

  /** What the button does (a field, so tests can watch it). */
  protected actions = {
    login: (): Promise<void> => loadPasskeys().then((m) => m.loginWithPasskey()),
  };

  /** Whether the button is offered: WebAuthn here and the AUTH connector configured. */
  get available(): boolean {
    const { email, socials } = this.features.value;
    const authConfigured = Boolean(this.options.value?.secureSiteUrl) && (email || (Array.isArray(socials) && socials.length > 0));
    return authConfigured && hasWebAuthn();
  }

  protected override willUpdate(): void {
    this.hidden = !this.available;
  }

  private start(): void {
    if (this.login.value.step === 'working') return;
    void this.actions.login();
  }

  override render() {
    if (!this.available) return nothing;
    const { step, error } = this.login.value;
    const working = step === 'working';
    return html`<div class="stack">
      <w3-ui-button
        full-width
        variant="secondary"
        data-passkey-login
        aria-busy=${working ? 'true' : 'false'}
        ?disabled=${working}
        @click=${() => this.start()}
      >
        ${working ? html`<w3-ui-spinner slot="prefix" label=""></w3-ui-spinner>` : html`<span slot="prefix">${passkeyIcon()}</span>`}
        ${msg('Log in with a passkey')}
      </w3-ui-button>
      <div class="error" role="alert" data-passkey-error>${step === 'error' ? this.renderError(error) : nothing}</div>
    </div>`;
  }

  private renderError(error: unknown) {
    return html`<span>${errorMessage(error)}</span>
      <w3-ui-button variant="ghost" size="sm" data-passkey-retry @click=${() => this.start()}>${msg('Try again')}</w3-ui-button>`;
  }
}

W3PasskeyLogin.define();

declare global {
  interface HTMLElementTagNameMap {
    [W3PasskeyLogin.tagName]: W3PasskeyLogin;
  }
}
