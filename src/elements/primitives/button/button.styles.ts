import { css } from 'lit';

/** Styles of <w3-ui-button>. */
export const buttonStyles = css`
  :host {
    display: inline-block;
  }
  :host([full-width]) {
    display: block;
  }
  button {
    all: unset;
    box-sizing: border-box;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    width: 100%;
    min-height: 40px;
    padding: 0 16px;
    border-radius: var(--w3i-radius-full);
    font: 600 var(--w3i-text-sm) / 1.2 var(--w3i-font-family);
    cursor: pointer;
    background: var(--w3i-accent);
    color: var(--w3i-accent-fg);
    transition:
      filter 0.12s ease,
      background-color 0.12s ease;
    white-space: nowrap;
  }
  :host([size='sm']) button {
    min-height: 32px;
    padding: 0 12px;
    font-size: var(--w3i-text-xs);
  }
  :host([variant='secondary']) button {
    background: var(--w3i-surface);
    color: var(--w3i-fg);
    border: 1px solid var(--w3i-border);
  }
  :host([variant='ghost']) button {
    background: transparent;
    color: var(--w3i-fg);
  }
  button:hover:not([disabled]) {
    filter: brightness(0.94);
  }
  button:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  button[aria-busy='true'] w3-ui-spinner {
    --w3-spinner-size: 14px;
    color: currentColor;
  }
  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.8;
  }
  button[disabled] {
    cursor: default;
    opacity: 0.6;
  }
`;
