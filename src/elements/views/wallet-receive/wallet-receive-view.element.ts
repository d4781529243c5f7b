import { css, html } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import { addressGroups } from '../../../core/address-groups.js';
import { $activeAccount } from '../../../stores/connection/account.js';
import { $activeNetwork, $networks } from '../../../stores/network/networks.js';
import { StoreController } from '../../base/store-controller.js';
import { copyText } from '../../base/clipboard.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../../primitives/icons.js';
import { networkIcon } from '../network-icon.js';
import { viewStyles } from '../view.styles.js';

/**
 * @summary WalletReceive: the account's address as a QR code with the active network's logo in its
 * centre, the full address in even groups, a copy button (copying the plain address), and the
 * networks the address receives on.
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
      .qr-logo {
        display: grid;
        place-items: center;
        width: 52px;
        height: 52px;
        border-radius: 14px;
        background: #ffffff;
      }
      .qr-logo w3-ui-network-icon {
        --w3-network-icon-size: 44px;
      }
      /* Even groups with gaps between them (margins, not spaces: the text is still the address). */
      .address {
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        column-gap: 0.5ch;
        max-width: 25ch;
        margin: 0 auto 12px;
        font:
          500 var(--w3i-text-md) / 1.5 ui-monospace,
          SFMono-Regular,
          Menlo,
          Consolas,
          monospace;
        font-variant-numeric: tabular-nums;
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
    if (!address) return html`<p class="empty">${msg('Not connected')}</p>`;
    const namespace = this.network.value?.chainNamespace;
    const names = this.networks.value.filter((n) => n.chainNamespace === namespace).map((n) => n.name);
    return html`<w3-qr-code .uri=${address} label=${msg(str`QR code of ${truncateAddress(address)}`)}>
        <span slot="logo" class="qr-logo">${networkIcon(this.network.value, '')}</span>
      </w3-qr-code>
      <p class="address" data-address dir="ltr">${addressGroups(address).map((group) => html`<span>${group}</span>`)}</p>
      <w3-ui-button full-width variant="secondary" @click=${() => copyText(address, msg('Address copied'))}>
        <span slot="prefix">${icon('copy', 16)}</span>
        ${msg('Copy address')}
      </w3-ui-button>
      <p class="center muted">${msg('Receive assets on these networks only:')}</p>
      <ul class="networks" aria-label=${msg('Networks')}>
        ${names.map((name) => html`<li>${name}</li>`)}
      </ul>`;
  }
}
