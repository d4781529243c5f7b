import { css } from 'lit';

/** Styles of <w3-ui-toast>. */
export const toastStyles = css`
  :host {
    display: block;
    pointer-events: none;
  }
  div {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    max-width: 320px;
    padding-block: 8px;
    padding-inline: 10px 14px;
    border-radius: var(--w3i-radius-full, 999px);
    background: var(--w3i-bg);
    color: var(--w3i-fg);
    border: 1px solid var(--w3i-border);
    box-shadow: var(--w3i-shadow);
    font: 500 var(--w3i-text-sm, 14px) / 1.3 var(--w3i-font-family);
    opacity: 0;
    transform: translateY(6px);
    transition:
      opacity 0.15s ease,
      transform 0.15s ease;
  }
  :host([open]) div {
    opacity: 1;
    transform: none;
  }
  .icon.success {
    color: var(--w3i-success);
  }
  .icon.error {
    color: var(--w3i-error);
  }
  w3-ui-spinner {
    --w3-spinner-size: 16px;
  }
  a,
  button {
    all: unset;
    pointer-events: auto;
    cursor: pointer;
    margin-inline-start: 4px;
    color: var(--w3i-accent);
    font-weight: 600;
    text-decoration: underline;
    text-underline-offset: 2px;
    white-space: nowrap;
  }
  a:focus-visible,
  button:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
    border-radius: 4px;
  }
  @media (prefers-reduced-motion: reduce) {
    div {
      transition: none;
    }
  }
`;
