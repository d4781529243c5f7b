import { css } from 'lit';

/** Styles of <w3-ui-spinner>. */
export const spinnerStyles = css`
  :host {
    display: inline-block;
    width: var(--w3-spinner-size, 24px);
    height: var(--w3-spinner-size, 24px);
    color: var(--w3i-accent, currentColor);
  }
  span {
    display: block;
    width: 100%;
    height: 100%;
    border-radius: 50%;
    border: 3px solid currentColor;
    border-inline-end-color: transparent;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    span {
      animation: none;
      border-inline-end-color: currentColor;
      opacity: 0.6;
    }
  }
`;
