import { css } from 'lit';

/** Styles of <w3-ui-token-picker>: the chip, and under it the panel with the search field and the list. */
export const tokenPickerStyles = css`
  :host {
    display: block;
    position: relative;
  }
  .chip {
    all: unset;
    box-sizing: border-box;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 36px;
    padding-block: 4px;
    padding-inline: 6px 10px;
    border: 1px solid var(--w3i-border);
    border-radius: 999px;
    background: var(--w3i-bg);
    color: var(--w3i-fg);
    font: 600 var(--w3i-text-sm) / 1.2 var(--w3i-font-family);
    cursor: pointer;
  }
  .chip:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  .chip:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .caret {
    width: 12px;
    height: 12px;
    color: var(--w3i-fg-muted);
  }
  .icon {
    width: 24px;
    height: 24px;
    border-radius: 50%;
    flex: none;
    object-fit: cover;
  }
  .badge {
    display: inline-grid;
    place-items: center;
    background: var(--w3i-border);
    color: var(--w3i-fg);
    font: 600 var(--w3i-text-xs) / 1 var(--w3i-font-family);
  }
  .badge::before {
    content: attr(data-letter) / '';
  }
  .panel {
    position: absolute;
    z-index: 5;
    top: calc(100% + 4px);
    inset-inline-end: 0;
    width: max(100%, min(20rem, calc(100vw - 48px)));
    box-sizing: border-box;
    padding: 8px;
    border: 1px solid var(--w3i-border);
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-bg);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.18);
    text-align: start;
  }
  :host([align='start']) .panel {
    inset-inline: 0 auto;
  }
  input {
    all: unset;
    box-sizing: border-box;
    width: 100%;
    height: 40px;
    padding: 0 12px;
    border: 1px solid var(--w3i-border);
    border-radius: var(--w3i-radius-md);
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
  [role='listbox'] {
    max-height: 248px;
    overflow-y: auto;
    margin-top: 8px;
    overscroll-behavior: contain;
  }
  .group {
    padding: 8px 8px 4px;
    color: var(--w3i-fg-muted);
    font: 600 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  [role='option'] {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: 10px;
    min-height: 48px;
    padding: 6px 8px;
    border-radius: var(--w3i-radius-sm, 8px);
    color: var(--w3i-fg);
    cursor: pointer;
  }
  [role='option'][data-active] {
    background: var(--w3i-surface);
    outline: 2px solid var(--w3i-focus);
    outline-offset: -2px;
  }
  [role='option'][aria-selected='true'] .symbol::after {
    content: ' ✓';
    color: var(--w3i-accent, var(--w3i-focus));
  }
  .names {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .symbol {
    font: 600 var(--w3i-text-sm) / 1.3 var(--w3i-font-family);
  }
  .name {
    color: var(--w3i-fg-muted);
    font: 400 var(--w3i-text-xs) / 1.3 var(--w3i-font-family);
    overflow-wrap: anywhere;
  }
  .balance {
    text-align: end;
    font: 500 var(--w3i-text-xs) / 1.3 var(--w3i-font-family);
    font-variant-numeric: tabular-nums;
    color: var(--w3i-fg);
  }
  .empty {
    padding: 12px 8px;
    color: var(--w3i-fg-muted);
    font-size: var(--w3i-text-sm);
  }
`;
