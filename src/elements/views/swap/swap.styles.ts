import { css } from 'lit';

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
  .token,
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
  .token:focus-visible,
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
  .out {
    font: 600 var(--w3i-text-lg, 18px) / 1.3 var(--w3i-font-family);
    min-height: 1.3em;
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
`;
