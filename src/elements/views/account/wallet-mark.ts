import { html } from 'lit';
import type { ConnectedWalletInfo } from '../../../stores/connection/connectors.js';
import { socialIcon } from '../connect/social-icons.js';
import { MARK_SHARE } from '../../primitives/tile/tile.styles.js';

/** A social mark spans the tile's mark share (36 px tile). */
const SOCIAL_MARK_PX = Math.round(36 * MARK_SHARE);

/**
 * The wallet row's image: after a social login the provider's mark (the social login button's
 * glyph), else the wallet's image.
 */
export function walletMark(wallet: ConnectedWalletInfo | undefined) {
  return wallet?.social
    ? html`<span slot="image" class="tile" data-wallet-social=${wallet.social}>${socialIcon(wallet.social, SOCIAL_MARK_PX)}</span>`
    : html`<w3-ui-wallet-image slot="image" .imageSrc=${wallet?.icon}></w3-ui-wallet-image>`;
}
