import { css } from 'lit';

/** Styles of <w3-ui-wallet-image>. */
export const walletImageStyles = css`
  :host {
    display: inline-block;
    width: var(--w3-wallet-image-size, 40px);
    height: var(--w3-wallet-image-size, 40px);
    flex: none;
  }
  .box {
    width: 100%;
    height: 100%;
    border-radius: 28%;
    overflow: hidden;
    display: grid;
    place-items: center;
    background: var(--w3i-surface-hover, #eee);
    color: var(--w3i-fg-muted, #555);
    box-shadow: inset 0 0 0 1px var(--w3i-border, #ddd);
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
