import { html } from 'lit';
import type { ConnectedWalletInfo } from '../../../stores/connection/connectors.js';
import { socialIcon } from '../connect/social-icons.js';

/**
 * The wallet row's image: after a social login the provider's mark (the social login button's
 * glyph), else the wallet's image.
 */
export function walletMark(wallet: ConnectedWalletInfo | undefined) {
  return wallet?.social
    ? html`<span slot="image" data-wallet-social=${wallet.social}>${socialIcon(wallet.social, 22)}</span>`
    : html`<w3-ui-wallet-image slot="image" .imageSrc=${wallet?.icon}></w3-ui-wallet-image>`;
}
