import { css } from 'lit';

/** The Account view: profile, wallet features, tabs with tokens, NFTs and activity. */
export const accountStyles = css`
  /* The profile, features and rows keep their size; the tab panel is the one scroll area, of one
     height on every tab, shrinking (down to a floor) when the modal's max height leaves less room
     (the modal bounds this view's wrapper: modal.styles.ts). */
  :host {
    /* One row of every list (tokens, NFTs, activity, its date headings): the panel shows a whole
       number of them, never a row cut mid-way. */
    --w3-row: 52px;
    display: flex;
    flex-direction: column;
    flex: 0 1 auto;
    min-height: 0;
  }
  :host > * {
    flex: none;
  }
  .profile {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 6px;
    padding: 8px 0 12px;
  }
  w3-ui-avatar {
    --w3-avatar-size: 64px;
  }
  .address {
    display: flex;
    align-items: center;
    gap: 4px;
    font: 600 var(--w3i-text-lg) / 1.2 var(--w3i-font-family);
  }
  .balance {
    color: var(--w3i-fg-muted);
  }
  .explorer {
    color: var(--w3i-fg-muted);
    font-size: var(--w3i-text-xs);
  }
  a:focus-visible,
  .feature:focus-visible,
  .scroll:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
    border-radius: var(--w3i-radius-md);
  }
  .features {
    display: flex;
    gap: 8px;
    margin-bottom: 12px;
  }
  .feature {
    all: unset;
    box-sizing: border-box;
    flex: 1;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 4px;
    padding: 10px 4px;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
    font: 600 var(--w3i-text-xs) / 1.2 var(--w3i-font-family);
    cursor: pointer;
  }
  .feature:hover {
    background: var(--w3i-surface-hover);
  }
  w3-ui-tabs {
    margin-bottom: 8px;
  }
  /* The room the panel may take: five rows, shrinking to three when the dialog's max height
     leaves less; the panel in it is the whole number of rows that fits (round down), and scrolling
     rests on a row's edge. */
  :host > .room {
    flex: 0 1 calc(5 * var(--w3-row));
    height: calc(5 * var(--w3-row));
    min-height: calc(3 * var(--w3-row));
    container-type: size;
  }
  .room > .scroll {
    box-sizing: border-box;
    height: round(down, 100cqh, var(--w3-row));
    overflow: hidden auto;
    overscroll-behavior: contain;
    scroll-snap-type: y mandatory;
  }
  .scroll .row,
  .scroll section h3,
  .scroll .more {
    scroll-snap-align: start;
  }
  .total [data-total] {
    color: var(--w3i-fg);
    font-weight: 600;
  }
  .row {
    box-sizing: border-box;
    display: flex;
    align-items: center;
    gap: 12px;
    block-size: var(--w3-row);
    padding: 0 4px;
    overflow: hidden;
  }
  .grow {
    flex: 1;
    min-width: 0;
  }
  .grow > span {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .end {
    text-align: end;
    white-space: nowrap;
  }
  .title {
    font-weight: 600;
  }
  .small {
    font-size: var(--w3i-text-xs);
    color: var(--w3i-fg-muted);
  }
  .in {
    color: var(--w3i-success);
  }
  /* A date heading takes one row's height too (its text at the bottom), so the rows stay whole. */
  section h3 {
    box-sizing: border-box;
    display: flex;
    align-items: flex-end;
    block-size: var(--w3-row);
    margin: 0;
    padding: 0 4px 8px;
    font: 600 var(--w3i-text-xs) / 1.2 var(--w3i-font-family);
    color: var(--w3i-fg-muted);
  }
  .rows {
    margin-top: 12px;
  }
  /* A short viewport (a phone, a laptop's 800 px) puts the avatar beside the name and balance, so
     the lists keep their rows. */
  @media (max-height: 860px) {
    .profile {
      display: grid;
      grid-template-columns: auto 1fr;
      justify-items: start;
      align-items: center;
      column-gap: 12px;
      row-gap: 2px;
      padding: 0 0 8px;
    }
    w3-ui-avatar {
      --w3-avatar-size: 48px;
      grid-row: span 3;
    }
    .features {
      margin-bottom: 8px;
    }
    .feature {
      flex-direction: row;
      justify-content: center;
      gap: 6px;
      padding: 8px 4px;
    }
    w3-ui-tabs {
      margin-bottom: 4px;
    }
    .rows {
      margin-top: 8px;
      gap: 4px;
      --w3-list-item-height: 48px;
    }
    .profile > :not(w3-ui-avatar) {
      grid-column: 2;
    }
    .address {
      max-inline-size: 100%;
      min-inline-size: 0;
    }
    .address [data-name] {
      min-inline-size: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
  }
`;
