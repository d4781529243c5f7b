import { css } from 'lit';
import { reservedMessageStyles } from '../../primitives/text-input/reserved-message.styles.js';

/** Layout shared by the e-mail views (login, code, device, e-mail change). */
export const emailViewStyles = css`
  form,
  .verify {
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  .verify {
    align-items: stretch;
    text-align: center;
  }
  .address {
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .error {
    color: var(--w3i-error);
    font-size: var(--w3i-text-xs);
    text-align: center;
  }
  .error:empty {
    display: none;
  }
  .status {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
  }
  .resend {
    display: flex;
    justify-content: center;
    min-block-size: 32px;
    align-items: center;
  }
  .icon {
    display: flex;
    justify-content: center;
    color: var(--w3i-accent);
  }
  ${reservedMessageStyles}
`;
