import { css } from 'lit';

/**
 * A form's message lines kept while empty, so a validation message appearing moves nothing (the
 * dialog keeps its height): under each field its problem's line (the `error` the field reflects:
 * 4 px and one line of the extra-small text, as <w3-ui-text-input> draws it), and the form's own
 * error line (`p.error`). Used by the Send, Swap, e-mail, name and Buy forms.
 */
export const reservedMessageStyles = css`
  w3-ui-text-input:not([error]) {
    padding-block-end: calc(4px + 1.4 * var(--w3i-text-xs));
  }
  p.error,
  p.error:empty {
    display: block;
    min-block-size: 1lh;
  }
`;
