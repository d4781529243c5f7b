import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { truncateAddress } from '../../core/address.js';
import { formatBalance } from '../../core/format.js';
import { getInstance } from '../../instance.js';
import { $activeAccount } from '../../stores/account.js';
import { $activeNetwork } from '../../stores/networks.js';
import { ThemedElement } from '../base/themed-element.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { pageButtonStyles } from './button.styles.js';
import { CompactWhenShortController } from './compact-when-short.js';

/**
 * @summary The connected account: avatar, balance (unless hidden) and the address truncated
 * to its first 4 and last 6 characters. Opens the Account view. Where its row leaves it less
 * room than that needs (a phone), it takes a compact form by itself: avatar and address, or in
 * the narrowest rows the avatar alone (named by the address).
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
      /* No form squeezes its parts: overflowing is what tells it is short of room. */
      button > * {
        flex: none;
      }
    `,
  ];

  /** `show` (default) or `hide` the balance. */
  @property() balance: 'show' | 'hide' = 'show';

  private readonly account = new StoreController(this, $activeAccount);
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
    getInstance()
      .open({ view: 'Account' })
      .catch(() => undefined);
  }

  private balanceText(): string | undefined {
    if (this.balance === 'hide') return undefined;
    const { balance, balanceSymbol } = this.account.value;
    const symbol = balanceSymbol ?? this.network.value?.nativeCurrency.symbol ?? '';
    return `${formatBalance(balance)} ${symbol}`;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const { address, profileName } = this.account.value;
    this.compact.content(`${profileName ?? address ?? ''}|${this.balanceText() ?? ''}`);
  }

  override render() {
    const { address, profileName, profileImage } = this.account.value;
    if (!address) return nothing;
    const name = profileName ?? truncateAddress(address);
    const { level } = this.compact;
    const balance = level > 0 ? undefined : this.balanceText();
    return html`<span class="room" style=${this.compact.roomStyle()}
      ><button part="button" type="button" class="surface" aria-label=${level > 1 ? name : nothing} @click=${this.onClick}>
        <w3-ui-avatar .address=${address} .imageSrc=${profileImage}></w3-ui-avatar>
        ${balance === undefined ? nothing : html`<span class="muted">${balance}</span>`}
        ${level > 1 ? nothing : html`<span class="name">${name}</span>`}
      </button></span
    >`;
  }
}
