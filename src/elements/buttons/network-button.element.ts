import { html, nothing } from 'lit';
import { StoreController } from '../base/store-controller.js';
import { getInstance } from '../../instance.js';
import { $currentNetwork } from '../../stores/network/networks.js';
import { msg, str } from '../base/localize.js';
import { ThemedElement } from '../base/themed-element.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { pageButtonStyles } from './button.styles.js';

/**
 * @summary The active network's icon and name; opens the Networks view.
 * @csspart button - The native button.
 */
export class W3NetworkButton extends ThemedElement {
  static override readonly tagName = 'w3-network-button';
  static override styles = [themeTokens, baseStyles, pageButtonStyles];

  private readonly current = new StoreController(this, $currentNetwork);

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  private onClick(): void {
    getInstance()
      .open({ view: 'Networks' })
      .catch(() => undefined);
  }

  override render() {
    const { network, unsupported } = this.current.value;
    const name = unsupported ? msg('Unknown Network') : (network?.name ?? msg('Network'));
    return html`<button
      part="button"
      type="button"
      class="surface"
      title=${unsupported ? msg(str`Unsupported network (chain ID ${unsupported.chainId}): change network`) : msg('Change network')}
      data-unsupported=${unsupported ? unsupported.caipNetworkId : nothing}
      @click=${this.onClick}
    >
      <w3-ui-network-icon
        .caipNetworkId=${unsupported?.caipNetworkId ?? network?.caipNetworkId ?? ''}
        .name=${name}
        .imageSrc=${network?.iconUrl}
      ></w3-ui-network-icon>
      <span>${name}</span>
    </button>`;
  }
}
