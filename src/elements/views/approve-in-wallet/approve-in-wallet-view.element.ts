import { html, nothing } from 'lit';
import { $walletconnectPending, cancelWalletconnectPending, pendingAction } from '../../../stores/walletconnect-pending.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { connectingStyles } from '../connecting.styles.js';
import { viewStyles } from '../view.styles.js';

/**
 * @summary ApproveInWallet: a request waits for the person in their WalletConnect wallet (a
 * signature or a transaction on the phone). Shows the wallet's name and icon, what to do there,
 * and Cancel, which stops waiting (the request fails with 'User rejected the request.'; the
 * session stays). The modal leaves this view by itself once the wallet answers.
 */
export class W3ApproveInWalletView extends W3Element {
  static override readonly tagName = 'w3-approve-in-wallet-view';
  static override styles = [viewStyles, connectingStyles];

  private readonly pending = new StoreController(this, $walletconnectPending);

  override render() {
    const pending = this.pending.value;
    const name = pending?.walletName ?? 'your wallet';
    return html`<div class="connecting">
      <div class="logo">
        ${pending?.walletIcon ? html`<w3-ui-wallet-image .imageSrc=${pending.walletIcon}></w3-ui-wallet-image>` : nothing}
        ${pending ? html`<w3-ui-spinner label=${`Waiting for ${name}`}></w3-ui-spinner>` : nothing}
      </div>
      <p><strong>Continue in ${name}</strong></p>
      <p class="muted" role="status">${pending ? `${pendingAction(pending.method)} in ${name}.` : 'Nothing waits for your wallet.'}</p>
      ${pending ? html`<w3-ui-button variant="secondary" @click=${cancelWalletconnectPending}>Cancel</w3-ui-button>` : nothing}
    </div>`;
  }
}
