import { css } from 'lit';

/** Styles of <w3-ui-social-mark>: the mark fills the box its host is given (its `size`, 24 px by default). */
export const socialMarkStyles = css`
  :host {
    display: inline-block;
    width: 24px;
    height: 24px;
    flex: none;
    color: inherit;
  }
  span,
  svg {
    display: block;
    width: 100%;
    height: 100%;
  }
`;
