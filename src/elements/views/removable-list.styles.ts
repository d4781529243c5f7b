import { css } from 'lit';

/**
 * The lists of things an account holds that each can be removed after a confirmation (Devices,
 * Passkeys): the rows with their details and remove button, the error line, the loading and error
 * state, the confirmation's two buttons side by side.
 */
export const removableListStyles = css`
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 10px 12px;
    border-radius: var(--w3i-radius-md);
    background: var(--w3i-surface);
    border: 1px solid var(--w3i-border);
  }
  .info {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .small {
    font-size: var(--w3i-text-xs);
  }
  .error {
    color: var(--w3i-error);
    font-size: var(--w3i-text-xs);
    text-align: center;
  }
  .error:empty {
    display: none;
  }
  .state {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 12px;
    padding: 16px 8px;
    text-align: center;
  }
  .actions {
    display: flex;
    gap: 8px;
  }
  .actions > * {
    flex: 1;
  }
`;
