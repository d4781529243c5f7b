import { css } from 'lit';
import { BOTTOM_SHEET_MAX_VIEWPORT_PX, MODAL_WIDTH_PX } from '../../core/constants.js';
import { unsafeCSS } from 'lit';

/** The header row: 40 px buttons and 12 + 4 px padding. */
const HEADER_HEIGHT_PX = 56;

export const modalStyles = css`
  :host {
    display: contents;
    color: var(--w3i-fg);
  }
  .overlay {
    position: fixed;
    inset: 0;
    z-index: var(--w3i-z-index);
    display: flex;
    align-items: center;
    justify-content: center;
    background: var(--w3i-overlay);
    animation: fade-in 0.15s ease;
  }
  .dialog {
    position: relative;
    width: ${unsafeCSS(MODAL_WIDTH_PX)}px;
    max-width: calc(100vw - 24px);
    --w3i-dialog-max-height: calc(100vh - 48px);
    max-height: var(--w3i-dialog-max-height);
    display: flex;
    flex-direction: column;
    border-radius: var(--w3i-radius-lg);
    background: var(--w3i-bg);
    color: var(--w3i-fg);
    box-shadow: var(--w3i-shadow);
    border: 1px solid var(--w3i-border);
    font-family: var(--w3i-font-family);
    outline: none;
    animation: pop-in 0.15s ease;
  }
  .dialog.shake {
    animation: shake 0.5s cubic-bezier(0.36, 0.07, 0.19, 0.97) both;
  }
  header {
    box-sizing: border-box;
    height: ${unsafeCSS(HEADER_HEIGHT_PX)}px;
    display: grid;
    grid-template-columns: 40px 1fr 40px;
    align-items: center;
    gap: 4px;
    padding: 12px 12px 4px;
  }
  h2 {
    margin: 0;
    text-align: center;
    font: 600 var(--w3i-text-md) / 1.3 var(--w3i-font-family);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .body {
    overflow: hidden auto;
    overscroll-behavior: contain;
  }
  .view {
    padding: 8px 16px 16px;
  }
  /* The Account view keeps its own scroll area (its tab panel): its wrapper is held to the room
     the dialog's max height leaves below the header, and the panel shrinks to fit, so the body
     does not scroll as well. (A bound from the viewport, not from the body, whose height animates.) */
  .view:has(> w3-account-view) {
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    max-height: calc(var(--w3i-dialog-max-height) - ${unsafeCSS(HEADER_HEIGHT_PX)}px - 2px);
  }
  /* Toasts rise from the viewport's bottom edge: at the top they covered the title of a dialog as
     tall as the viewport (the Account view), on a phone's sheet as on a desktop. */
  .toast {
    position: fixed;
    bottom: max(16px, env(safe-area-inset-bottom));
    inset-inline: 0;
    display: flex;
    justify-content: center;
    z-index: calc(var(--w3i-z-index) + 1);
    pointer-events: none;
  }
  .alert {
    position: fixed;
    top: 12px;
    inset-inline: 0;
    margin-inline: auto;
    z-index: calc(var(--w3i-z-index) + 2);
    display: flex;
    align-items: center;
    gap: 10px;
    width: min(420px, calc(100vw - 24px));
    padding-block: 10px;
    padding-inline: 14px 8px;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-bg);
    color: var(--w3i-fg);
    --w3i-alert-color: var(--w3i-error);
    border: 1px solid var(--w3i-alert-color);
    border-inline-start-width: 4px;
    box-shadow: var(--w3i-shadow);
    font: 400 var(--w3i-text-sm) / 1.4 var(--w3i-font-family);
  }
  .alert.warning {
    --w3i-alert-color: #8a5300;
  }
  :host([theme='dark']) .alert.warning {
    --w3i-alert-color: #f5b84a;
  }
  .alert > svg {
    flex: none;
    color: var(--w3i-alert-color);
  }
  .alert strong {
    display: block;
    color: var(--w3i-alert-color);
  }
  .alert div {
    flex: 1;
  }
  @media (max-width: ${unsafeCSS(BOTTOM_SHEET_MAX_VIEWPORT_PX)}px) {
    .overlay {
      align-items: flex-end;
    }
    /* The sheet spans the viewport (not a page laid out wider than it) and never its content's width. */
    .dialog {
      width: 100vw;
      max-width: 100%;
      min-width: 0;
      --w3i-dialog-max-height: calc(100vh - 24px);
      border-radius: var(--w3i-radius-lg) var(--w3i-radius-lg) 0 0;
      border-bottom: none;
      animation-name: slide-up;
    }
  }
  @keyframes fade-in {
    from {
      opacity: 0;
    }
  }
  @keyframes pop-in {
    from {
      opacity: 0;
      transform: scale(0.98);
    }
  }
  @keyframes slide-up {
    from {
      transform: translateY(24px);
      opacity: 0;
    }
  }
  @keyframes shake {
    10%,
    90% {
      transform: translateX(-1px);
    }
    20%,
    80% {
      transform: translateX(2px);
    }
    30%,
    50%,
    70% {
      transform: translateX(-4px);
    }
    40%,
    60% {
      transform: translateX(4px);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .overlay,
    .dialog,
    .dialog.shake {
      animation: none;
    }
  }
`;
