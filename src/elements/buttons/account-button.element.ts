import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { truncateAddress } from '../../core/address.js';
import { getInstance } from '../../instance.js';
import { $activeAccount } from '../../stores/account.js';
import { $activeBalance } from '../../stores/native-balance.js';
import { renderNativeBalance } from '../base/native-balance.js';
import { ThemedElement } from '../base/themed-element.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { pageButtonStyles } from './button.styles.js';

/**
 * @summary The connected account: avatar, balance (unless hidden) and the address truncated
 * to its first 4 and last 6 characters. Opens the Account view.
 * @csspart button - The native button.
 */
export class W3AccountButton extends ThemedElement {
  static override readonly tagName = 'w3-account-button';
  static override styles = [themeTokens, baseStyles, pageButtonStyles];

  /** `show` (default) or `hide` the balance. */
  @property() balance: 'show' | 'hide' = 'show';

  private readonly account = new StoreController(this, $activeAccount);
  private readonly nativeBalance = new StoreController(this, $activeBalance);

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  private onClick(): void {
    getInstance()
      .open({ view: 'Account' })
      .catch(() => undefined);
  }

  override render() {
    const { address, profileName, profileImage } = this.account.value;
    if (!address) return nothing;
    const name = profileName ?? truncateAddress(address);
    return html`<button part="button" type="button" class="surface" @click=${this.onClick}>
      <w3-ui-avatar .address=${address} .imageSrc=${profileImage}></w3-ui-avatar>
      ${this.balance === 'hide' ? nothing : renderNativeBalance(this.nativeBalance.value, { short: true, className: 'muted' })}
      <span>${name}</span>
    </button>`;
  }
}
