import { css } from 'lit';

/**
 * The one tile every row's icon sits in (wallets, networks, tokens, NFTs, activity, social logins):
 * one size, radius, background and inner padding, as CSS custom properties with these defaults.
 * Images (a wallet's, a token's, a dApp's network image) fill the tile; a bare mark (a network's
 * @web3icons glyph, a social provider's) and the monogram badge span MARK_SHARE of it, the same
 * for all.
 *
 * - `--w3-tile-size` (36px), `--w3-tile-radius` (28%), `--w3-tile-background`, `--w3-tile-padding` (0).
 *
 * The primitives' own box (`:host`) is in ./tile-host.styles.ts: they are in the first chunk, the
 * views' rows that use `.tile` here are not.
 */
export const MARK_SHARE = 0.8;

/** The tile's box, for a class (`.tile`) in a view's rows. */
export const tileStyles = css`
  .tile {
    box-sizing: border-box;
    flex: none;
    display: grid;
    place-items: center;
    inline-size: var(--w3-tile-size, 36px);
    block-size: var(--w3-tile-size, 36px);
    padding: var(--w3-tile-padding, 0);
    border-radius: var(--w3-tile-radius, 28%);
    background: var(--w3-tile-background, var(--w3i-surface-hover, #eee));
    color: var(--w3i-fg-muted, #555);
    overflow: hidden;
  }
  .tile > img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
`;
