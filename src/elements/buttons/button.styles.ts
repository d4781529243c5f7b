import { css } from 'lit';

/** Shared look of the page-level buttons (connect, account, network). */
export const pageButtonStyles = css`
  :host {
    display: inline-block;
    vertical-align: middle;
  }
  button {
    all: unset;
    box-sizing: border-box;
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 40px;
    padding: 0 16px;
    border-radius: var(--w3i-radius-full);
    font: 600 var(--w3i-text-sm) / 1.2 var(--w3i-font-family);
    cursor: pointer;
    white-space: nowrap;
    transition: filter 0.12s ease;
  }
  button.primary {
    background: var(--w3i-accent);
    color: var(--w3i-accent-fg);
  }
  button.surface {
    background: var(--w3i-surface);
    color: var(--w3i-fg);
    border: 1px solid var(--w3i-border);
    padding-block: 0;
    padding-inline: 6px 12px;
  }
  button:hover:not([disabled]) {
    filter: brightness(0.95);
  }
  button:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  button[aria-busy='true'] {
    cursor: progress;
  }
  .muted {
    color: var(--w3i-fg-muted);
    font-weight: 500;
  }
  w3-ui-avatar {
    --w3-avatar-size: 28px;
  }
  w3-ui-network-icon {
    --w3-network-icon-size: 26px;
  }
  w3-ui-spinner {
    --w3-spinner-size: 16px;
    color: currentColor;
  }
`;
