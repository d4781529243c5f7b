import { css } from 'lit';
import { reservedMessageStyles } from '../../primitives/text-input/reserved-message.styles.js';

export const walletSendStyles = css`
  form {
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  label,
  .label {
    display: block;
    font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
    color: var(--w3i-fg-muted);
    margin-bottom: 4px;
  }
  .amount {
    display: flex;
    align-items: flex-start;
    gap: 8px;
  }
  .amount w3-ui-text-input {
    flex: 1;
  }
  /* Beside the input (under its label), wherever a message under the input ends. */
  .amount w3-ui-button {
    margin-top: calc(var(--w3i-text-xs) * 1.4 + 10px);
  }
  .hint {
    margin-top: 4px;
    font-size: var(--w3i-text-xs);
    color: var(--w3i-fg-muted);
  }
  .error {
    color: var(--w3i-error);
    font: 500 var(--w3i-text-sm) / 1.4 var(--w3i-font-family);
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 8px 12px;
    margin: 8px 0 16px;
    padding: 12px;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
  }
  dt {
    color: var(--w3i-fg-muted);
  }
  dd {
    margin: 0;
    text-align: end;
    word-break: break-all;
  }
  .actions {
    display: flex;
    gap: 8px;
  }
  .actions w3-ui-button {
    flex: 1;
  }
  .fee-speed {
    display: flex;
    gap: 12px;
    margin: 0 0 12px;
    padding: 8px 12px;
    border: 1px solid var(--w3i-border);
    border-radius: var(--w3i-radius-md);
  }
  .fee-speed legend {
    padding: 0 4px;
    font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
    color: var(--w3i-fg-muted);
  }
  .fee-speed label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    margin: 0;
    color: var(--w3i-fg);
    font-size: var(--w3i-text-sm);
  }
  ${reservedMessageStyles}
`;
