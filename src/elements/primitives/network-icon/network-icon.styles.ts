import { css } from 'lit';
import { tileHostStyles } from '../tile/tile-host.styles.js';

/**
 * Styles of <w3-ui-network-icon>: the rows' tile (../tile/tile.styles.ts). A dApp's image fills it;
 * a catalog mark (an @web3icons glyph, drawn in the middle 18 of its 24 units) is drawn larger, so
 * its glyph spans the same share of the tile as the monogram's hexagon (MARK_SHARE).
 */
export const networkIconStyles = [
  tileHostStyles,
  css`
    :host {
      inline-size: var(--w3-network-icon-size, var(--w3-tile-size, 36px));
      block-size: var(--w3-network-icon-size, var(--w3-tile-size, 36px));
    }
    img,
    svg {
      width: 100%;
      height: 100%;
      display: block;
    }
    img {
      object-fit: cover;
    }
    /* 24 / 18 of the tile times the mark's share (0.8) = 106.67 %: the glyph spans 80 % of the tile. */
    img.mark {
      width: 106.67%;
      height: 106.67%;
      object-fit: contain;
    }
  `,
];
