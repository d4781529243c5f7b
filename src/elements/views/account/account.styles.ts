import { css } from 'lit';

/** The Account view: profile, wallet features, tabs with tokens, NFTs and activity. */
export const accountStyles = css`
  /* The profile, features and rows keep their size; the tab panel is the one scroll area, of one
     height on every tab, shrinking (down to a floor) when the modal's max height leaves less room
     (the modal bounds this view's wrapper: modal.styles.ts). */
  :host {
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
  :host > .scroll {
    flex: 0 1 280px;
    height: 280px;
    min-height: 96px;
    overflow: hidden auto;
    overscroll-behavior: contain;
  }
  .total [data-total] {
    color: var(--w3i-fg);
    font-weight: 600;
  }
  .row {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px 4px;
  }
  .row img,
  .row .badge {
    flex: none;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    object-fit: cover;
    background: var(--w3i-surface);
  }
  .row .badge {
    display: grid;
    place-items: center;
    color: var(--w3i-fg-muted);
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
  section h3 {
    margin: 12px 4px 4px;
    font: 600 var(--w3i-text-xs) / 1.2 var(--w3i-font-family);
    color: var(--w3i-fg-muted);
  }
  .nfts {
    display: grid;
    grid-template-columns: repeat(3, 1fr);
    gap: 8px;
  }
  figure {
    margin: 0;
  }
  figure img {
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
  }
  figcaption {
    font-size: var(--w3i-text-xs);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .rows {
    margin-top: 12px;
  }
`;
