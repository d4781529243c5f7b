import { css } from 'lit';

/** Styles of <w3-ui-text-input>. */
export const textInputStyles = css`
  :host {
    display: block;
  }
  label {
    display: block;
    font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
    color: var(--w3i-fg-muted);
    margin-bottom: 4px;
  }
  label.hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  input {
    all: unset;
    box-sizing: border-box;
    width: 100%;
    height: 44px;
    padding: 0 14px;
    border-radius: var(--w3i-radius-md);
    border: 1px solid var(--w3i-border);
    background: var(--w3i-surface);
    color: var(--w3i-fg);
    font: 400 var(--w3i-text-sm) / 1.2 var(--w3i-font-family);
  }
  input::placeholder {
    color: var(--w3i-fg-muted);
  }
  input:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 1px;
  }
  input[aria-invalid='true'] {
    border-color: var(--w3i-error);
  }
  .error {
    margin: 4px 0 0;
    color: var(--w3i-error);
    font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
  }
`;
