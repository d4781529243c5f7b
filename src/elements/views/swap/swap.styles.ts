import { css } from 'lit';
import { reservedMessageStyles } from '../../primitives/text-input/reserved-message.styles.js';

/** The Swap views' layout: the two token cards, the switch button, the details and the token list. */
export const swapStyles = css`
  form {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  .card {
    display: flex;
    flex-direction: column;
    gap: 6px;
    padding: 12px;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
  }
  .card-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
    color: var(--w3i-fg-muted);
  }
  .switch,
  .edit {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 36px;
    padding: 4px 10px;
    border: 1px solid var(--w3i-border);
    border-radius: 999px;
    background: var(--w3i-bg);
    color: var(--w3i-fg);
    font: 600 var(--w3i-text-sm) / 1.2 var(--w3i-font-family);
    cursor: pointer;
  }
  .switch {
    align-self: center;
    padding: 6px;
    min-height: 32px;
  }
  .edit {
    min-height: 28px;
    padding: 2px 8px;
    font-weight: 500;
  }
  .switch:focus-visible,
  .edit:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  .token-icon {
    width: 22px;
    height: 22px;
    border-radius: 50%;
    flex: none;
  }
  .badge {
    display: inline-grid;
    place-items: center;
    background: var(--w3i-border);
    font-size: var(--w3i-text-xs);
  }
  /* The two amounts weigh the same: one field size and one font, typed (pay) or quoted (receive). */
  w3-ui-text-input[data-amount]::part(input),
  .out {
    box-sizing: border-box;
    height: 52px;
    padding: 0 14px;
    border: 1px solid var(--w3i-border);
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-bg);
    font: 600 var(--w3i-text-lg, 18px) / 1.2 var(--w3i-font-family);
  }
  .out {
    display: flex;
    align-items: center;
    overflow: hidden;
    white-space: nowrap;
  }
  .hint {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    font-size: var(--w3i-text-xs);
    color: var(--w3i-fg-muted);
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 6px 12px;
    margin: 4px 0;
    padding: 12px;
    border-radius: var(--w3i-radius-md);
    border: 1px solid var(--w3i-border);
    font-size: var(--w3i-text-xs);
  }
  dt {
    color: var(--w3i-fg-muted);
  }
  dd {
    margin: 0;
    text-align: end;
  }
  dd.slippage-edit {
    grid-column: 1 / -1;
    text-align: start;
  }
  .slippage {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    gap: 6px;
  }
  .preset {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: 0 12px;
    border: 1px solid var(--w3i-border);
    border-radius: 999px;
    font: 600 var(--w3i-text-sm) / 1 var(--w3i-font-family);
    cursor: pointer;
  }
  .preset input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  .preset:has(input:checked) {
    border-color: var(--w3i-accent, var(--w3i-focus));
    background: var(--w3i-surface);
  }
  .preset:has(input:focus-visible) {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  .slippage w3-ui-text-input {
    flex: 1;
    min-width: 6rem;
  }
  .slippage w3-ui-text-input::part(input) {
    height: 36px;
  }
  .error {
    color: var(--w3i-error);
    font: 500 var(--w3i-text-sm) / 1.4 var(--w3i-font-family);
  }
  .status {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    min-height: 24px;
  }
  .actions {
    display: flex;
    gap: 8px;
  }
  .actions w3-ui-button {
    flex: 1;
  }
  @media (prefers-reduced-motion: no-preference) {
    .switch {
      transition: transform 150ms ease;
    }
    .switch:hover {
      transform: rotate(180deg);
    }
  }
  ${reservedMessageStyles}
`;
