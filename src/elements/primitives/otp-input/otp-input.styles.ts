import { css } from 'lit';

/** Styles of <w3-ui-otp-input> (logical properties only: the boxes follow the writing direction). */
export const otpInputStyles = css`
  :host {
    display: block;
  }
  .boxes {
    display: flex;
    justify-content: center;
    gap: 8px;
  }
  input {
    all: unset;
    box-sizing: border-box;
    inline-size: 44px;
    block-size: 52px;
    text-align: center;
    border-radius: var(--w3i-radius-md);
    border: 1px solid var(--w3i-border);
    background: var(--w3i-surface);
    color: var(--w3i-fg);
    font: 600 var(--w3i-text-lg, 18px) / 1 var(--w3i-font-family);
  }
  input:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 1px;
  }
  input:disabled {
    opacity: 0.6;
  }
  input[aria-invalid='true'] {
    border-color: var(--w3i-error);
  }
  .error {
    margin: 8px 0 0;
    text-align: center;
    color: var(--w3i-error);
    font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
  }
`;
