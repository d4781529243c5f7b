import { css } from 'lit';
import { rtlMirrorStyles } from '../styles/theme.js';

/** Layout shared by the views inside the modal body (and icons that point, mirrored in RTL). */
export const viewStyles = css`
  ${rtlMirrorStyles}
  :host {
    display: block;
    color: var(--w3i-fg);
    font: 400 var(--w3i-text-sm) / 1.45 var(--w3i-font-family);
  }
  .stack {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  .section + .section {
    margin-top: 16px;
  }
  .divider {
    display: flex;
    align-items: center;
    gap: 12px;
    margin: 16px 0;
    color: var(--w3i-fg-muted);
    font-size: var(--w3i-text-xs);
  }
  .divider::before,
  .divider::after {
    content: '';
    flex: 1;
    border-top: 1px solid var(--w3i-border);
  }
  .center {
    text-align: center;
  }
  .muted {
    color: var(--w3i-fg-muted);
  }
  .empty {
    padding: 24px 8px;
    text-align: center;
    color: var(--w3i-fg-muted);
  }
  h3 {
    margin: 0 0 4px;
    font: 600 var(--w3i-text-md) / 1.3 var(--w3i-font-family);
  }
  p {
    margin: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

/** Text links inside a view (store links, app links): the accent colour and a visible focus ring. */
export const linkStyles = css`
  a {
    color: var(--w3i-accent);
    font-weight: 600;
  }
  a:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
`;
