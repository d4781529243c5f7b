import { css } from 'lit';

/** Styles of <w3-ui-avatar>. */
export const avatarStyles = css`
  :host {
    display: inline-block;
    width: var(--w3-avatar-size, 40px);
    height: var(--w3-avatar-size, 40px);
  }
  div {
    width: 100%;
    height: 100%;
    border-radius: 50%;
    background-size: cover;
    background-position: center;
    box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.08);
  }
`;
