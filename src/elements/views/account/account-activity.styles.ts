import { css } from 'lit';

/** Styles of the Activity panel: rows that open their transaction, the fixed-height loader slot. */
export const activityStyles = css`
  .row > .open {
    all: unset;
    box-sizing: border-box;
    display: flex;
    flex: 1;
    min-width: 0;
    align-items: center;
    gap: 12px;
    padding: 4px;
    margin: -4px;
    border-radius: var(--w3i-radius-md);
    cursor: pointer;
    color: inherit;
  }
  .row > .open:hover {
    background: var(--w3i-surface);
  }
  .row > .open:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: -2px;
  }
  .end > span {
    display: block;
  }
  .more {
    display: grid;
    place-items: center;
    height: var(--w3-row);
  }
  .more w3-ui-spinner {
    --w3-spinner-size: 20px;
  }
`;
