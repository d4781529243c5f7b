import { css, html } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import { $activeConnectorIds, $connections, $connectors, connectorStatus } from '../../../stores/connectors.js';
import { pushView } from '../../../stores/router.js';
import { showError } from '../../../stores/toast.js';
import { activateConnection, removeConnection } from '../../../stores/wallet-actions.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';

const STATUS_TAG = { connected: 'Active', active: 'Connected', disconnected: 'Disconnected' } as const;

/**
 * @summary ProfileWallets: the wallets known for this page; the active one is marked. Choosing
 * another switches to it (or starts a fresh connect when it is no longer connected).
 */
export class W3ProfileWalletsView extends W3Element {
  static override readonly tagName = 'w3-profile-wallets-view';
  static override styles = [
    viewStyles,
    css`
      li {
        display: flex;
        align-items: center;
        gap: 4px;
      }
      li w3-ui-list-item {
        flex: 1;
        min-width: 0;
      }
      .sub {
        display: block;
        color: var(--w3i-fg-muted);
        font-size: var(--w3i-text-xs);
      }
      w3-ui-button {
        margin-top: 12px;
      }
    `,
  ];

  private readonly connections = new StoreController(this, $connections);
  private readonly connectors = new StoreController(this, $connectors);
  private readonly activeIds = new StoreController(this, $activeConnectorIds);

  private async choose(connectorId: string, name: string): Promise<void> {
    try {
      const switched = await activateConnection(connectorId);
      if (!switched) pushView('ConnectingExternal', { connectorId, title: name });
    } catch (err) {
      showError(err instanceof Error ? err.message : 'An error occurred');
    }
  }

  override render() {
    void this.activeIds.value;
    const list = this.connections.value.eip155 ?? [];
    return html`<ul class="stack" aria-label="Connected wallets">
        ${list.map((connection) => {
          const connector = this.connectors.value.find((c) => c.id === connection.connectorId);
          const name = connector?.name ?? connection.connectorId;
          const status = connectorStatus('eip155', connection.connectorId);
          const address = connection.accounts[0]?.address;
          return html`<li>
            <w3-ui-list-item
              .tag=${STATUS_TAG[status]}
              ?selected=${status === 'connected'}
              @click=${() => void this.choose(connection.connectorId, name)}
            >
              <w3-ui-wallet-image slot="image" .imageSrc=${connector?.imageUrl}></w3-ui-wallet-image>
              ${name}<span class="sub">${address ? truncateAddress(address) : ''}</span>
            </w3-ui-list-item>
            <w3-ui-icon-button
              icon="disconnect"
              .label=${`Disconnect ${name}`}
              @click=${() => void removeConnection(connection.connectorId)}
            ></w3-ui-icon-button>
          </li>`;
        })}
      </ul>
      <w3-ui-button variant="secondary" full-width @click=${() => pushView('Connect')}>Add wallet</w3-ui-button>`;
  }
}
