import { html, nothing } from 'lit';
import { $walletconnectPending, cancelWalletconnectPending, pendingAction } from '../../../stores/walletconnect/pending.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { connectingStyles } from '../connecting.styles.js';
import { viewStyles } from '../view.styles.js';
import { msg, str } from '../../base/localize.js';

function waitingFor(name: string | undefined): string {
  return name ? msg(str`Waiting for ${name}`) : msg('Waiting for your wallet');
}

function continueIn(name: string | undefined): string {
  return name ? msg(str`Continue in ${name}`) : msg('Continue in your wallet');
}

/** What to do in the wallet, one sentence per action (the store names the action in English: a code here). */
function approveText(action: string, name: string | undefined): string {
  if (!name) {
    if (action === 'Sign the message') return msg('Sign the message in your wallet.');
    if (action === 'Sign the typed data') return msg('Sign the typed data in your wallet.');
    if (action === 'Approve the transaction') return msg('Approve the transaction in your wallet.');
    if (action === 'Sign the transaction') return msg('Sign the transaction in your wallet.');
    return msg('Approve the request in your wallet.');
  }
  if (action === 'Sign the message') return msg(str`Sign the message in ${name}.`);
  if (action === 'Sign the typed data') return msg(str`Sign the typed data in ${name}.`);
  if (action === 'Approve the transaction') return msg(str`Approve the transaction in ${name}.`);
  if (action === 'Sign the transaction') return msg(str`Sign the transaction in ${name}.`);
  return msg(str`Approve the request in ${name}.`);
}

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
    // The store names an unknown wallet 'your wallet' (English): that is no name here.
    const name = pending?.walletName === 'your wallet' ? undefined : pending?.walletName;
    return html`<div class="connecting">
      <div class="logo">
        ${pending?.walletIcon ? html`<w3-ui-wallet-image .imageSrc=${pending.walletIcon}></w3-ui-wallet-image>` : nothing}
        ${pending ? html`<w3-ui-spinner label=${waitingFor(name)}></w3-ui-spinner>` : nothing}
      </div>
      <p><strong>${continueIn(name)}</strong></p>
      <p class="muted" role="status">
        ${pending ? approveText(pendingAction(pending.method), name) : msg('Nothing waits for your wallet.')}
      </p>
      ${pending ? html`<w3-ui-button variant="secondary" @click=${cancelWalletconnectPending}>${msg('Cancel')}</w3-ui-button>` : nothing}
    </div>`;
  }
}
