import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { $activeAccount } from '../../stores/connection/account.js';
import { $restoringAccount, readRestoreHints } from '../../stores/connection/restore-hint.js';
import { W3Element } from '../base/w3-element.js';

/**
 * @summary The one button a page needs: a connect button while disconnected, the account
 * button once connected. While a stored connection restores (a reload), the account button
 * shows the stored account as restoring from the first frame, never 'Connect Wallet' first.
 * @dependency w3-connect-button
 * @dependency w3-account-button
 */
export class W3Button extends W3Element {
  static override readonly tagName = 'w3-button';
  static override shadowRootOptions = { ...W3Element.shadowRootOptions, delegatesFocus: true };
  // May shrink in its row, so the account button inside can take its compact form.
  static override styles = css`
    :host {
      display: inline-block;
      vertical-align: middle;
      max-width: 100%;
      min-width: 0;
    }
  `;

  /** `show` or `hide` the balance in the account button. */
  @property() balance: 'show' | 'hide' = 'show';
  /** Label of the connect button; 'Connect Wallet' in the active locale by default. */
  @property() label: string | undefined;
  /** Label of the connect button while connecting; 'Connecting...' in the active locale by default. */
  @property({ attribute: 'loading-label' }) loadingLabel: string | undefined;

  private readonly account = new StoreController(this, $activeAccount);
  private readonly restoring = new StoreController(this, $restoringAccount);

  override connectedCallback(): void {
    // Drawn before createW3Modal: the stored connection it will restore (read once, in the browser).
    readRestoreHints();
    super.connectedCallback();
  }

  override render() {
    const connected = this.account.value.status === 'connected' && !!this.account.value.address;
    return connected || this.restoring.value
      ? html`<w3-account-button .balance=${this.balance}></w3-account-button>`
      : html`<w3-connect-button .label=${this.label} .loadingLabel=${this.loadingLabel}></w3-connect-button>`;
  }
}
