import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { getInstance } from '../../instance.js';
import { $isConnecting } from '../../stores/connection/account.js';
import { ThemedElement } from '../base/themed-element.js';
import { msg } from '../base/localize.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { pageButtonStyles } from './button.styles.js';

/**
 * @summary Opens the modal to connect: 'Connect Wallet', or 'Connecting...' while a connection
 * is being made (a wallet asked to connect, or a stored connection restoring), not merely while
 * the modal is open.
 * @csspart button - The native button.
 * @cssprop --w3-accent - Button background.
 */
export class W3ConnectButton extends ThemedElement {
  static override readonly tagName = 'w3-connect-button';
  static override styles = [themeTokens, baseStyles, pageButtonStyles];

  /** Label when idle; 'Connect Wallet' in the active locale by default. */
  @property() label: string | undefined;
  /** Label while connecting; 'Connecting...' in the active locale by default. */
  @property({ attribute: 'loading-label' }) loadingLabel: string | undefined;

  private readonly connecting = new StoreController(this, $isConnecting);

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  private onClick(): void {
    getInstance()
      .open({ view: 'Connect' })
      .catch(() => undefined);
  }

  override render() {
    const busy = this.connecting.value;
    return html`<button part="button" type="button" class="primary" aria-busy=${busy ? 'true' : 'false'} @click=${this.onClick}>
      ${busy ? html`<w3-ui-spinner label=""></w3-ui-spinner>` : ''}${busy
        ? (this.loadingLabel ?? msg('Connecting...'))
        : (this.label ?? msg('Connect Wallet'))}
    </button>`;
  }
}
