import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { truncateAddress } from '../../core/address.js';
import { getInstance } from '../../instance.js';
import { $activeAccount } from '../../stores/connection/account.js';
import { $activeBalance, type NativeBalance } from '../../stores/connection/native-balance.js';
import { $restoringAccount } from '../../stores/connection/restore-hint.js';
import { $activeNetwork } from '../../stores/network/networks.js';
import { renderNativeBalance } from '../base/native-balance.js';
import { ThemedElement } from '../base/themed-element.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { pageButtonStyles } from './button.styles.js';
import { CompactWhenShortController } from './compact-when-short.js';

/**
 * @summary The connected account: avatar, balance (unless hidden) and the address truncated
 * to its first 4 and last 6 characters. Opens the Account view. Where its row leaves it less
 * room than that needs (a phone), it takes a compact form by itself: avatar and address, or in
 * the narrowest rows the avatar alone (named by the address). While a stored connection
 * restores, it shows the stored account, busy, with the balance still to come: the same size as
 * the restored account, so nothing moves when the wallet answers.
 * @csspart button - The native button.
 */
export class W3AccountButton extends ThemedElement {
  static override readonly tagName = 'w3-account-button';
  static override styles = [
    themeTokens,
    baseStyles,
    pageButtonStyles,
    css`
      :host {
        max-width: 100%;
        min-width: 0;
      }
      .room {
        display: block;
        max-width: 100%;
      }
      button {
        max-width: 100%;
        overflow: hidden;
      }
      /* Restoring (a reload): the stored account, dimmed until the wallet answers. */
      button[data-restoring] w3-ui-avatar {
        opacity: 0.6;
      }
      /* No form squeezes its parts: overflowing is what tells it is short of room. */
      button > * {
        flex: none;
      }
    `,
  ];

  /** `show` (default) or `hide` the balance. */
  @property() balance: 'show' | 'hide' = 'show';

  private readonly account = new StoreController(this, $activeAccount);
  private readonly nativeBalance = new StoreController(this, $activeBalance);
  private readonly restoring = new StoreController(this, $restoringAccount);
  private readonly network = new StoreController(this, $activeNetwork);
  /** Short of room, level 1 drops the balance and level 2 the address too (avatar only). */
  private readonly compact = new CompactWhenShortController(this, {
    button: () => this.renderRoot.querySelector('button') ?? undefined,
    levels: 2,
  });

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  private onClick(): void {
    // While restoring there is no account to show yet: the modal opens on what the state allows.
    getInstance()
      .open(this.account.value.address ? { view: 'Account' } : undefined)
      .catch(() => undefined);
  }

  /** The stored account while it restores (no live address yet). */
  private restoringAddress(): string | undefined {
    return this.account.value.address ? undefined : this.restoring.value?.address;
  }

  /** The balance shown: while restoring, the figure still to come, as a restored account first shows it. */
  private shownBalance(): NativeBalance | undefined {
    if (!this.restoringAddress()) return this.nativeBalance.value;
    const symbol = this.network.value?.nativeCurrency.symbol ?? this.restoring.value?.symbol;
    return symbol ? { status: 'loading', value: undefined, symbol } : undefined;
  }

  /** What the balance shows, as a key for the compact controller (its width changes with it). */
  private balanceKey(): string {
    if (this.balance === 'hide') return '';
    const b = this.shownBalance();
    return b ? `${b.status}:${b.value}:${b.symbol}` : '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const { address, profileName } = this.account.value;
    this.compact.content(`${profileName ?? address ?? this.restoringAddress() ?? ''}|${this.balanceKey()}`);
  }

  override render() {
    const restoring = this.restoringAddress();
    const { profileName, profileImage } = this.account.value;
    const address = this.account.value.address ?? restoring;
    if (!address) return nothing;
    const name = (restoring ? undefined : profileName) ?? truncateAddress(address);
    const { level } = this.compact;
    const showBalance = level === 0 && this.balance !== 'hide';
    return html`<span class="room" style=${this.compact.roomStyle()}
      ><button
        part="button"
        type="button"
        class="surface"
        aria-label=${level > 1 ? name : nothing}
        aria-busy=${restoring ? 'true' : nothing}
        data-restoring=${restoring ? '' : nothing}
        @click=${this.onClick}
      >
        <w3-ui-avatar .address=${address} .imageSrc=${restoring ? undefined : profileImage}></w3-ui-avatar>
        ${showBalance ? renderNativeBalance(this.shownBalance(), { short: true, className: 'muted' }) : nothing}
        ${level > 1 ? nothing : html`<span class="name" dir="auto">${name}</span>`}
      </button></span
    >`;
  }
}
