import { css } from 'lit';

/** Styles of <w3-ui-list-item>. */
export const listItemStyles = css`
  :host {
    display: block;
  }
  button {
    all: unset;
    box-sizing: border-box;
    display: flex;
    align-items: center;
    gap: 12px;
    width: 100%;
    min-height: var(--w3-list-item-height, 56px);
    padding-block: 6px;
    padding-inline: 8px 12px;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
    color: var(--w3i-fg);
    font: 500 var(--w3i-text-sm) / 1.3 var(--w3i-font-family);
    cursor: pointer;
    transition: background-color 0.12s ease;
  }
  button:hover:not([disabled]) {
    background: var(--w3i-surface-hover);
  }
  button:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
  button[disabled] {
    cursor: default;
    opacity: 0.6;
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* A tag's own direction comes from its text: a count ('890+') reads left to right in an rtl modal,
     with its plus after the number, and a word ('مثبت') stays right to left. */
  .tag {
    unicode-bidi: plaintext;
    font-size: var(--w3i-text-xs);
    color: var(--w3i-fg-muted);
    padding: 2px 8px;
    border-radius: var(--w3i-radius-full);
    border: 1px solid var(--w3i-border);
  }
  :host([selected]) .tag {
    color: var(--w3i-fg);
  }
  .chevron {
    color: var(--w3i-fg-muted);
    display: inline-flex;
  }
  ::slotted([slot='image']) {
    flex: none;
  }
`;
