import { html } from 'lit';
import { findNetwork } from '../../../stores/network/networks.js';
import { switchActiveChain } from '../../../stores/connection/network-switch.js';
import { $router } from '../../../stores/ui/router.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { msg, str } from '../../base/localize.js';

/**
 * @summary SwitchActiveChain: the target network is in another namespace with no connected
 * wallet; switching makes that namespace active and leads to Connect.
 */
export class W3SwitchActiveChainView extends W3Element {
  static override readonly tagName = 'w3-switch-active-chain-view';
  static override styles = viewStyles;

  private readonly router = new StoreController(this, $router);

  override render() {
    const id = this.router.value.data?.network;
    const network = typeof id === 'string' ? findNetwork(id) : undefined;
    if (!network) return html`<p class="empty">${msg('Network Not Found')}</p>`;
    return html`<div class="stack center">
      <w3-ui-network-icon
        style="margin:0 auto"
        .caipNetworkId=${network.caipNetworkId}
        .name=${network.name}
        .imageSrc=${network.iconUrl}
      ></w3-ui-network-icon>
      <h3>${msg(str`Switch to ${network.name}`)}</h3>
      <p class="muted">${msg(str`No wallet is connected for ${network.name} yet. Switch, then connect a wallet that supports it.`)}</p>
      <w3-ui-button full-width @click=${() => switchActiveChain(network.caipNetworkId)}>${msg('Switch Chain')}</w3-ui-button>
    </div>`;
  }
}
