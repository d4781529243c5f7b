import { css } from 'lit';

/** The All Wallets grid: a search field over a virtualized, scrolling grid of wallet tiles. */
export const allWalletsStyles = css`
  .toolbar {
    padding-bottom: 12px;
  }
  .grid,
  .grid-empty {
    height: min(420px, 60vh);
  }
  .grid {
    contain: strict;
  }
  /* The virtualizer lays the grid out left to right (its columns and translate() offsets are
     physical). Right to left it keeps doing so (direction: ltr), the grid is mirrored as a whole
     (first tile at the right) and each tile mirrored back and set right to left again. */
  .grid:dir(rtl) {
    direction: ltr;
    transform: scaleX(-1);
  }
  .grid:dir(rtl) > * {
    direction: rtl;
  }
  .grid:dir(rtl) > * > * {
    transform: scaleX(-1);
  }
  /* No result keeps the grid's height, so the modal does not collapse. */
  .grid-empty {
    display: grid;
    place-items: center;
    color: var(--w3i-fg-muted);
  }
  /* A placeholder in a tile's place (not a .tile: nothing to press). */
  .skeleton {
    cursor: default;
    background: var(--w3i-surface);
  }
  .skeleton .shape {
    display: block;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface-hover);
  }
  .skeleton .image {
    width: 48px;
    height: 48px;
    border-radius: 28%;
  }
  .skeleton .line {
    width: 56px;
    height: 10px;
  }
  @media (prefers-reduced-motion: no-preference) {
    .skeleton .shape {
      animation: w3-skeleton-pulse 1.2s ease-in-out infinite;
    }
  }
  @keyframes w3-skeleton-pulse {
    50% {
      opacity: 0.45;
    }
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .tile,
  .skeleton {
    all: unset;
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    align-items: center;
    /* 8 + 48 (image) + 4 + name + 4 + tag + 4 fits the 96 px: nothing shrinks. */
    gap: 4px;
    width: 76px;
    height: 96px;
    padding: 8px 2px 4px;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
    color: var(--w3i-fg);
    font: 500 var(--w3i-text-xs) / 1.2 var(--w3i-font-family);
    text-align: center;
    cursor: pointer;
  }
  .tile:hover {
    background: var(--w3i-surface-hover);
  }
  .tile:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: -2px;
  }
  .tile w3-ui-wallet-image {
    --w3-wallet-image-size: 48px;
  }
  /* A wallet's name takes its direction from its own text (a Latin name cut at its end). */
  .tile .name {
    /* The name is never squeezed out (issue 28: in ja a two-line tag took its place). */
    flex-shrink: 0;
    width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    unicode-bidi: plaintext;
  }
  .tile .tag {
    flex-shrink: 0;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: var(--w3i-fg-muted);
    font-size: 10px;
    line-height: 1.2;
  }
  /* One line, always there (empty or not), so the view keeps its height. */
  .status {
    padding-top: 8px;
    min-height: 1.45em;
    line-height: 1.45;
    color: var(--w3i-fg-muted);
    font-size: var(--w3i-text-xs);
    text-align: center;
  }
  .error {
    color: var(--w3i-error);
  }
`;
