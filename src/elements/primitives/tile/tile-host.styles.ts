import { css } from 'lit';

/**
 * The tile of ./tile.styles.ts as a primitive's own box (its `:host`); the primitive sets its size
 * (its own size property, defaulting to `--w3-tile-size`, 36px). A file of its own so the first
 * chunk, where the wallet image and network icon are, does not carry the views' `.tile` class.
 */
export const tileHostStyles = css`
  :host {
    box-sizing: border-box;
    flex: none;
    display: inline-grid;
    place-items: center;
    padding: var(--w3-tile-padding, 0);
    border-radius: var(--w3-tile-radius, 28%);
    background: var(--w3-tile-background, var(--w3i-surface-hover, #eee));
    color: var(--w3i-fg-muted, #555);
    overflow: hidden;
  }
`;
