import { css } from 'lit';

/** `.visually-hidden`: text for screen readers only (it keeps its place in the accessibility tree). */
export const visuallyHiddenStyles = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
