import { css, html, nothing } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import { $accounts } from '../../../stores/connection/account.js';
import {
  $smartAccountAddresses,
  $smartAccountNetworks,
  accountTypeOf,
  smartAccountNamespace,
} from '../../../stores/connection/account-types.js';
import {
  $activeConnectorIds,
  $connections,
  $connectors,
  connectorStatus,
  type Connection,
  type ConnectorStatus,
} from '../../../stores/connection/connectors.js';
import { AUTH_CONNECTOR_ID } from '../../../stores/connection/connector-ids.js';
import { $embeddedUser } from '../../../stores/embedded/state.js';
import { $activeNamespace, $activeNetwork } from '../../../stores/network/networks.js';
import { SOCIAL_NAMES } from '../../../core/social-names.js';
import { walletMark } from '../account/wallet-mark.js';
import { pushView } from '../../../stores/ui/router.js';
import { showErrorOf } from '../../../stores/ui/toast.js';
import { activateConnection, removeConnection, selectAccount } from '../../../stores/connection/actions.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';

/** The active wallet is marked by the check mark (aria-current) alone; the others say how they stand. */
const statusTag = (status: ConnectorStatus): string | undefined =>
  status === 'active'
    ? msg('Connected', { id: 'wallets-tag-connected', desc: 'Wallets view: tag of a wallet that is connected but not the active one' })
    : status === 'disconnected'
      ? msg('Disconnected', { id: 'wallets-tag-disconnected', desc: 'Wallets view: tag of a wallet that is no longer connected' })
      : undefined;

/**
 * @summary ProfileWallets: the wallets known for this page; the active one is marked. Choosing
 * another switches to it (or starts a fresh connect when it is no longer connected). When the
 * active wallet exposes several accounts they are listed under it, and choosing one makes it
 * the active address. The embedded wallet's row offers the switch between its key's account and
 * its smart account where the network is smart-account enabled (a refused switch falls back to
 * the key's account, saying 'This application might not support Smart Accounts').
 */
export class W3ProfileWalletsView extends W3Element {
  static override readonly tagName = 'w3-profile-wallets-view';
  static override styles = [
    viewStyles,
    css`
      .row {
        display: flex;
        align-items: center;
        gap: 4px;
      }
      .row w3-ui-list-item {
        flex: 1;
        min-width: 0;
      }
      .name,
      .sub {
        display: block;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .sub {
        color: var(--w3i-fg-muted);
        font-size: var(--w3i-text-xs);
      }
      .accounts {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-block: 4px;
        margin-inline: 24px 40px;
      }
      .accounts w3-ui-list-item::part(button) {
        min-height: 40px;
        font-family: var(--w3i-font-mono, monospace);
      }
      w3-ui-button {
        margin-top: 12px;
      }
    `,
  ];

  private readonly connections = new StoreController(this, $connections);
  private readonly connectors = new StoreController(this, $connectors);
  private readonly activeIds = new StoreController(this, $activeConnectorIds);
  private readonly accounts = new StoreController(this, $accounts);
  private readonly namespace = new StoreController(this, $activeNamespace);
  /** After a social login the embedded wallet's row names the provider with its mark, as the Account row does. */
  private readonly embeddedUser = new StoreController(this, $embeddedUser);
  private readonly smartNetworks = new StoreController(this, $smartAccountNetworks);
  private readonly smartAddresses = new StoreController(this, $smartAccountAddresses);
  private readonly network = new StoreController(this, $activeNetwork);
  private switching = false;
  /** Arrow keys, Home and End move within the wallets and within a wallet's accounts. */
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack, ul.accounts',
    items: ':scope > li > .row > w3-ui-list-item, :scope > li > w3-ui-list-item',
    orientation: 'vertical',
  });

  private async choose(connectorId: string, name: string): Promise<void> {
    try {
      const switched = await activateConnection(connectorId);
      if (!switched) pushView('ConnectingExternal', { connectorId, title: name });
    } catch (err) {
      showErrorOf(err);
    }
  }

  private async chooseAccount(address: string): Promise<void> {
    try {
      await selectAccount(address);
    } catch (err) {
      showErrorOf(err);
    }
  }

  private async switchAccountType(type: 'eoa' | 'smartAccount'): Promise<void> {
    const namespace = smartAccountNamespace();
    if (!namespace || this.switching) return;
    this.switching = true;
    this.requestUpdate();
    try {
      const [{ switchAccountType }, { setEmbeddedAddress }] = await Promise.all([
        import('../../../stores/embedded/account-type.js'),
        import('../../../stores/embedded/session.js'),
      ]);
      await switchAccountType(type, (address) => setEmbeddedAddress(namespace, address));
    } catch (err) {
      showErrorOf(err);
    } finally {
      this.switching = false;
      this.requestUpdate();
    }
  }

  /** The embedded wallet's switch between its key's account and its smart account, on an enabled network. */
  private renderAccountTypeSwitch(address: string | undefined) {
    void this.smartAddresses.value;
    const namespace = smartAccountNamespace();
    const network = this.network.value;
    if (!namespace || !address || network?.chainNamespace !== namespace) return nothing;
    if (!this.smartNetworks.value.includes(Number(network.caipNetworkId.split(':')[1]))) return nothing;
    const smart = accountTypeOf(namespace, address) === 'smartAccount';
    return html`<w3-ui-button
      class="account-type"
      variant="secondary"
      size="sm"
      full-width
      data-account-type=${smart ? 'eoa' : 'smartAccount'}
      ?disabled=${this.switching}
      @click=${() => void this.switchAccountType(smart ? 'eoa' : 'smartAccount')}
      >${smart
        ? msg('Switch to your EOA', {
            id: 'wallets-switch-eoa',
            desc: "Wallets view: use the embedded wallet's own key account instead of its smart account",
          })
        : msg('Switch to your smart account', {
            id: 'wallets-switch-smart-account',
            desc: "Wallets view: use the embedded wallet's smart account (ERC-4337) instead of its key's own account",
          })}</w3-ui-button
    >`;
  }

  private renderAccounts(connection: Connection, name: string, active: string | undefined) {
    return html`<ul class="accounts" aria-label=${msg(str`Accounts of ${name}`)}>
      ${connection.accounts.map(({ address }) => {
        const current = address.toLowerCase() === active?.toLowerCase();
        return html`<li>
          <w3-ui-list-item data-address=${address} title=${address} ?selected=${current} @click=${() => void this.chooseAccount(address)}
            ><span dir="ltr">${truncateAddress(address)}</span></w3-ui-list-item
          >
        </li>`;
      })}
    </ul>`;
  }

  override render() {
    void this.activeIds.value;
    // The active namespace's wallets: the actions below (switch, select, remove) act on it.
    const namespace = this.namespace.value;
    const list = (namespace && this.connections.value[namespace]) || [];
    const activeAddress = namespace && this.accounts.value[namespace]?.address;
    return html`<ul class="stack" aria-label=${msg('Connected wallets')}>
        ${list.map((connection) => {
          const connector = this.connectors.value.find((c) => c.id === connection.connectorId);
          const social = connection.connectorId === AUTH_CONNECTOR_ID ? this.embeddedUser.value?.socialProvider : undefined;
          const name = social ? SOCIAL_NAMES[social] : (connector?.name ?? connection.connectorId);
          const status = namespace ? connectorStatus(namespace, connection.connectorId) : 'disconnected';
          const address = status === 'connected' ? (activeAddress ?? connection.accounts[0]?.address) : connection.accounts[0]?.address;
          return html`<li>
            <div class="row">
              <w3-ui-list-item
                data-connector-id=${connection.connectorId}
                .tag=${statusTag(status)}
                ?selected=${status === 'connected'}
                @click=${() => void this.choose(connection.connectorId, name)}
              >
                ${walletMark({ name, icon: connector?.imageUrl, social })}
                <span class="name" title=${name}>${name}</span><span class="sub" dir="ltr">${address ? truncateAddress(address) : ''}</span>
              </w3-ui-list-item>
              <w3-ui-icon-button
                icon="disconnect"
                .label=${msg(str`Disconnect ${name}`)}
                @click=${() => void removeConnection(connection.connectorId)}
              ></w3-ui-icon-button>
            </div>
            ${status === 'connected' && connection.accounts.length > 1 ? this.renderAccounts(connection, name, address) : nothing}
            ${status === 'connected' && connection.connectorId === AUTH_CONNECTOR_ID ? this.renderAccountTypeSwitch(address) : nothing}
          </li>`;
        })}
      </ul>
      <w3-ui-button variant="secondary" full-width @click=${() => pushView('Connect')}>${msg('Add wallet')}</w3-ui-button>`;
  }
}
