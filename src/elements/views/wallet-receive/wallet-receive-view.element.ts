import { css, html } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import { $activeAccount } from '../../../stores/account.js';
import { $activeNetwork, $networks } from '../../../stores/networks.js';
import { StoreController } from '../../base/store-controller.js';
import { copyText } from '../../base/clipboard.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../../primitives/icons.js';
import { viewStyles } from '../view.styles.js';

/**
 * @summary WalletReceive: the account's address as a QR code, a copy button, and the networks
 * the address receives on.
 */
export class W3WalletReceiveView extends W3Element {
  static override readonly tagName = 'w3-wallet-receive-view';
  static override styles = [
    viewStyles,
    css`
      w3-qr-code {
        --w3-qr-size: 240px;
        margin: 8px 0 16px;
      }
      .address {
        word-break: break-all;
        text-align: center;
        font: 500 var(--w3i-text-sm) / 1.4 var(--w3i-font-family);
        margin-bottom: 12px;
      }
      .networks {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        justify-content: center;
        margin-top: 12px;
      }
      .networks li {
        padding: 2px 10px;
        border-radius: var(--w3i-radius-full);
        border: 1px solid var(--w3i-border);
        font-size: var(--w3i-text-xs);
      }
    `,
  ];

  private readonly account = new StoreController(this, $activeAccount);
  private readonly network = new StoreController(this, $activeNetwork);
  private readonly networks = new StoreController(this, $networks);

  override render() {
    const { address } = this.account.value;
    if (!address) return html`<p class="empty">Not connected</p>`;
    const namespace = this.network.value?.chainNamespace;
    const names = this.networks.value.filter((n) => n.chainNamespace === namespace).map((n) => n.name);
    return html`<w3-qr-code .uri=${address} label=${`QR code of ${truncateAddress(address)}`}></w3-qr-code>
      <p class="address" data-address>${address}</p>
      <w3-ui-button full-width variant="secondary" @click=${() => copyText(address, 'Address copied')}>
        <span slot="prefix">${icon('copy', 16)}</span>
        Copy address
      </w3-ui-button>
      <p class="center muted">Receive assets on these networks only:</p>
      <ul class="networks" aria-label="Networks">
        ${names.map((name) => html`<li>${name}</li>`)}
      </ul>`;
  }
}
