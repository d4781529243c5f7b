import { css, html, nothing } from 'lit';
import { StoreController } from '../../base/store-controller.js';
import { truncateAddress } from '../../../core/address.js';
import { formatBalance } from '../../../core/format.js';
import { $activeAccount } from '../../../stores/account.js';
import { disconnect } from '../../../stores/disconnect.js';
import { closeModal } from '../../../stores/modal.js';
import { $connectedWallet } from '../../../stores/connectors.js';
import { refreshBalance } from '../../../stores/wallet-actions.js';
import { $activeNetwork } from '../../../stores/networks.js';
import { pushView } from '../../../stores/router.js';
import { showSuccess } from '../../../stores/toast.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../../primitives/icons.js';
import { viewStyles } from '../view.styles.js';
import { networkIcon } from '../network-icon.js';

/**
 * @summary The Account view: avatar, name or truncated address, balance, network, copy and
 * Disconnect.
 */
export class W3AccountView extends W3Element {
  static override styles = [
    viewStyles,
    css`
      .profile {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 8px;
        padding: 8px 0 16px;
      }
      w3-ui-avatar {
        --w3-avatar-size: 64px;
      }
      .address {
        display: flex;
        align-items: center;
        gap: 4px;
        font: 600 var(--w3i-text-lg) / 1.2 var(--w3i-font-family);
      }
      .balance {
        color: var(--w3i-fg-muted);
      }
    `,
  ];

  private readonly account = new StoreController(this, $activeAccount);
  private readonly network = new StoreController(this, $activeNetwork);
  private readonly wallet = new StoreController(this, $connectedWallet);

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.account.value.address) void refreshBalance().catch(() => undefined);
  }

  private async copy(address: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(address);
      showSuccess('Address copied');
    } catch {
      showSuccess(address);
    }
  }

  override render() {
    const { address, profileName, profileImage, balance, balanceSymbol } = this.account.value;
    const network = this.network.value;
    if (!address) return html`<p class="empty">Not connected</p>`;
    const symbol = balanceSymbol ?? network?.nativeCurrency.symbol ?? '';
    return html`<div class="profile">
        <w3-ui-avatar .address=${address} .imageSrc=${profileImage}></w3-ui-avatar>
        <div class="address">
          <span>${profileName ?? truncateAddress(address)}</span>
          <w3-ui-icon-button icon="copy" label="Copy address" @click=${() => this.copy(address)}></w3-ui-icon-button>
        </div>
        <span class="balance">${formatBalance(balance)} ${symbol}</span>
      </div>
      <div class="stack">
        ${network
          ? html`<w3-ui-list-item chevron .label=${`Network: ${network.name}`} @click=${() => pushView('Networks')}>
              ${networkIcon(network)} ${network.name}
            </w3-ui-list-item>`
          : nothing}
        <w3-ui-list-item chevron @click=${() => pushView('ProfileWallets')}>
          <w3-ui-wallet-image slot="image" .imageSrc=${this.wallet.value?.icon}></w3-ui-wallet-image>
          ${this.wallet.value?.name ?? 'Wallets'}
        </w3-ui-list-item>
        <w3-ui-list-item @click=${() => void disconnect().finally(() => closeModal())}>
          <span slot="image" class="muted">${icon('disconnect', 22)}</span>
          Disconnect
        </w3-ui-list-item>
      </div>`;
  }
}
