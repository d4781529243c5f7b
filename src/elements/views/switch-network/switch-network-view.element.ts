import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { W3Error } from '../../../core/errors.js';
import { $connectedWallet } from '../../../stores/connection/connectors.js';
import { findNetwork } from '../../../stores/network/networks.js';
import { performSwitch } from '../../../stores/connection/network-switch.js';
import { $router } from '../../../stores/ui/router.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { connectingStyles } from '../connecting.styles.js';
import { msg, str } from '../../base/localize.js';

/**
 * @summary SwitchNetwork: asks the connected wallet to switch (adding the chain when it does not
 * know it). Success leaves the view; a failure goes back one view with the wallet's error.
 */
export class W3SwitchNetworkView extends W3Element {
  static override readonly tagName = 'w3-switch-network-view';
  static override styles = [viewStyles, connectingStyles];

  private readonly router = new StoreController(this, $router);
  private readonly wallet = new StoreController(this, $connectedWallet);
  @state() private busy = true;

  override connectedCallback(): void {
    super.connectedCallback();
    const id = this.router.value.data?.network;
    if (typeof id === 'string') {
      performSwitch(id)
        .catch((err: unknown) => (err as W3Error).shortMessage)
        .finally(() => (this.busy = false));
    }
  }

  override render() {
    const id = this.router.value.data?.network;
    const network = typeof id === 'string' ? findNetwork(id) : undefined;
    const walletName = this.wallet.value?.name;
    return html`<div class="connecting">
      <div class="logo">
        <w3-ui-network-icon
          .caipNetworkId=${network?.caipNetworkId ?? ''}
          .name=${network?.name ?? ''}
          .imageSrc=${network?.iconUrl}
        ></w3-ui-network-icon>
        ${this.busy ? html`<w3-ui-spinner label=${msg('Switching network')}></w3-ui-spinner>` : nothing}
      </div>
      <p><strong>${walletName ? msg(str`Approve in ${walletName}`) : msg('Approve in your wallet')}</strong></p>
      <p class="muted">
        ${network ? msg(str`Accept the request to switch to ${network.name}.`) : msg('Accept the request to switch to the network.')}
      </p>
    </div>`;
  }
}
