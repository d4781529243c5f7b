import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { getInstance } from '../../instance.js';
import { $activeAccount } from '../../stores/account.js';
import { $modal } from '../../stores/modal.js';
import { ThemedElement } from '../base/themed-element.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { pageButtonStyles } from './button.styles.js';

/**
 * @summary Opens the modal to connect: 'Connect Wallet', or 'Connecting...' while the modal is
 * open or a connection is under way.
 * @csspart button - The native button.
 * @cssprop --w3-accent - Button background.
 */
export class W3ConnectButton extends ThemedElement {
  static override readonly tagName = 'w3-connect-button';
  static override styles = [themeTokens, baseStyles, pageButtonStyles];

  /** Label when idle. */
  @property() label = 'Connect Wallet';
  /** Label while connecting. */
  @property({ attribute: 'loading-label' }) loadingLabel = 'Connecting...';

  private readonly modal = new StoreController(this, $modal);
  private readonly account = new StoreController(this, $activeAccount);

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  private onClick(): void {
    getInstance()
      .open({ view: 'Connect' })
      .catch(() => undefined);
  }

  override render() {
    const busy = this.modal.value.open || this.account.value.status === 'connecting';
    return html`<button part="button" type="button" class="primary" aria-busy=${busy ? 'true' : 'false'} @click=${this.onClick}>
      ${busy ? html`<w3-ui-spinner label=""></w3-ui-spinner>` : ''}${busy ? this.loadingLabel : this.label}
    </button>`;
  }
}
