import { css } from 'lit';

/** The All Wallets grid: a search field over a virtualized, scrolling grid of wallet tiles. */
export const allWalletsStyles = css`
  .toolbar {
    padding-bottom: 12px;
  }
  .grid {
    height: min(420px, 60vh);
    contain: strict;
  }
  .tile {
    all: unset;
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 6px;
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
  .tile .name {
    width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .tile .tag {
    color: var(--w3i-fg-muted);
    font-size: 10px;
  }
  .status {
    padding-top: 8px;
    min-height: 1.4em;
    color: var(--w3i-fg-muted);
    font-size: var(--w3i-text-xs);
    text-align: center;
  }
  .error {
    color: var(--w3i-error);
  }
`;
