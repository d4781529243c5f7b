import { css } from 'lit';

/** Styles of <w3-ui-tabs>. */
export const tabsStyles = css`
  :host {
    display: block;
  }
  [role='tablist'] {
    display: flex;
    gap: 4px;
    padding: 4px;
    border-radius: var(--w3i-radius-full);
    background: var(--w3i-surface);
  }
  /* One line whatever the locale (ar, ja and de labels are longer than en's): the tabs share the row
     and a label too long for its share ends in an ellipsis; its full text stays the tab's name. */
  button {
    all: unset;
    flex: 1 1 0;
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    text-align: center;
    padding: 6px 8px;
    border-radius: var(--w3i-radius-full);
    font: 600 var(--w3i-text-sm) / 1.2 var(--w3i-font-family);
    color: var(--w3i-fg-muted);
    cursor: pointer;
  }
  button[aria-selected='true'] {
    background: var(--w3i-bg);
    color: var(--w3i-fg);
  }
  button:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 1px;
  }
`;
