import { css } from 'lit';

/** Styles of <w3-qr-code>. */
export const qrCodeStyles = css`
  :host {
    display: block;
  }
  .frame {
    position: relative;
    /* Never wider than its container (a 320 px phone): square at any width. */
    box-sizing: border-box;
    width: var(--w3-qr-size, 280px);
    max-width: 100%;
    aspect-ratio: 1;
    margin: 0 auto;
    border-radius: var(--w3i-radius-lg, 28px);
    background: #ffffff;
    display: grid;
    place-items: center;
    box-shadow: inset 0 0 0 1px var(--w3i-border, #ddd);
  }
  svg {
    width: calc(100% - 32px);
    height: calc(100% - 32px);
    shape-rendering: crispEdges;
  }
  .logo {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    pointer-events: none;
  }
`;
