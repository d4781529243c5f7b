import { css } from 'lit';

/** Styles of <w3-ui-network-icon>. */
export const networkIconStyles = css`
  :host {
    display: inline-block;
    width: var(--w3-network-icon-size, 36px);
    height: var(--w3-network-icon-size, 36px);
    flex: none;
  }
  img,
  svg {
    width: 100%;
    height: 100%;
    display: block;
  }
  img {
    border-radius: 30%;
  }
`;
