import { html } from 'lit';
import { StoreController } from '../../base/store-controller.js';
import type { Network } from '../../../wire/networks.js';
import { $currentNetwork, $networks } from '../../../stores/network/networks.js';
import { chooseNetwork } from '../../../stores/network/network-switch.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { networkIcon } from '../network-icon.js';
import { msg } from '../../base/localize.js';

/**
 * @summary The Networks view: the configured networks with icons, the active one marked (none
 * while the wallet is on an unsupported chain);
 * choosing one switches to it.
 */
export class W3NetworksView extends W3Element {
  static override readonly tagName = 'w3-networks-view';
  static override styles = viewStyles;

  private readonly networks = new StoreController(this, $networks);
  private readonly current = new StoreController(this, $currentNetwork);
  /** Arrow keys, Home and End move between networks; the list is one tab stop. */
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack',
    items: ':scope > li > w3-ui-list-item',
    orientation: 'vertical',
  });

  private renderNetwork(network: Network) {
    // On an unsupported chain no configured network is active.
    const selected = network.caipNetworkId === this.current.value.network?.caipNetworkId;
    return html`<li>
      <w3-ui-list-item
        ?selected=${selected}
        .tag=${network.testnet ? msg('Testnet') : undefined}
        data-network=${network.caipNetworkId}
        @click=${() => void chooseNetwork(network.caipNetworkId)}
      >
        ${networkIcon(network)} ${network.name}
      </w3-ui-list-item>
    </li>`;
  }

  override render() {
    return html`<ul class="stack" aria-label=${msg('Networks')}>
      ${this.networks.value.map((n) => this.renderNetwork(n))}
    </ul>`;
  }
}
