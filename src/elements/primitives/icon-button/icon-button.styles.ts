import { css } from 'lit';

/** Styles of <w3-ui-icon-button>. */
export const iconButtonStyles = css`
  :host {
    display: inline-block;
  }
  button {
    all: unset;
    box-sizing: border-box;
    display: inline-grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: var(--w3i-radius-full);
    color: var(--w3i-fg);
    cursor: pointer;
    transition: background-color 0.12s ease;
  }
  button:hover {
    background: var(--w3i-surface-hover);
  }
  button:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
`;
