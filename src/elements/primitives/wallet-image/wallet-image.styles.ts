import { css } from 'lit';
import { tileHostStyles } from '../tile/tile-host.styles.js';

/** Styles of <w3-ui-wallet-image>: the rows' tile (../tile/tile.styles.ts), the wallet's image filling it. */
export const walletImageStyles = [
  tileHostStyles,
  css`
    :host {
      inline-size: var(--w3-wallet-image-size, var(--w3-tile-size, 36px));
      block-size: var(--w3-wallet-image-size, var(--w3-tile-size, 36px));
    }
    .box {
      width: 100%;
      height: 100%;
      border-radius: inherit;
      overflow: hidden;
      display: grid;
      place-items: center;
      box-shadow: inset 0 0 0 1px var(--w3i-border, #ddd);
    }
    img {
      width: 100%;
      height: 100%;
      object-fit: cover;
    }
  `,
];
