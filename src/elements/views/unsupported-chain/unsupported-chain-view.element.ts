import { html, nothing } from 'lit';
import { $currentNetwork, $networks } from '../../../stores/network/networks.js';
import { chooseNetwork } from '../../../stores/connection/network-switch.js';
import { disconnect } from '../../../stores/connection/disconnect.js';
import { closeModal } from '../../../stores/ui/modal.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { networkIcon } from '../network-icon.js';
import { msg, str } from '../../base/localize.js';

/**
 * @summary UnsupportedChain: the wallet is on a network the app does not support (the 'Unknown
 * Network' state); offers the configured networks, or Disconnect.
 */
export class W3UnsupportedChainView extends W3Element {
  static override readonly tagName = 'w3-unsupported-chain-view';
  static override styles = viewStyles;

  private readonly networks = new StoreController(this, $networks);
  private readonly current = new StoreController(this, $currentNetwork);

  override render() {
    const chainId = this.current.value.unsupported?.chainId;
    return html`<p class="muted center" data-chain-id=${chainId ?? nothing}>
        ${chainId
          ? msg(
              str`This app doesn't support your current network (Unknown Network, chain ID ${chainId}). Switch to an available option to continue.`,
            )
          : msg("This app doesn't support your current network (Unknown Network). Switch to an available option to continue.")}
      </p>
      <ul class="stack" aria-label=${msg('Networks')} style="margin-top:12px">
        ${this.networks.value.map(
          (n) =>
            html`<li>
              <w3-ui-list-item data-network=${n.caipNetworkId} @click=${() => void chooseNetwork(n.caipNetworkId)}>
                ${networkIcon(n)} ${n.name}
              </w3-ui-list-item>
            </li>`,
        )}
      </ul>
      <div class="divider" role="separator">${msg('or', { desc: 'Divider between two choices' })}</div>
      <w3-ui-button variant="secondary" full-width @click=${() => void disconnect().finally(() => closeModal())}
        >${msg('Disconnect')}</w3-ui-button
      >`;
  }
}
