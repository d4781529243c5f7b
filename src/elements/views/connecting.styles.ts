import { css } from 'lit';

/** The "waiting for the wallet" layout shared by ConnectingExternal and SwitchNetwork. */
export const connectingStyles = css`
  .connecting {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 12px;
    padding: 16px 8px 8px;
    text-align: center;
  }
  .logo {
    position: relative;
    display: grid;
    place-items: center;
    width: 96px;
    height: 96px;
  }
  .logo w3-ui-wallet-image,
  .logo w3-ui-network-icon {
    --w3-wallet-image-size: 72px;
    --w3-network-icon-size: 72px;
  }
  .logo w3-ui-spinner {
    position: absolute;
    inset: 0;
    --w3-spinner-size: 96px;
    opacity: 0.5;
  }
  .error {
    color: var(--w3i-error);
    font-weight: 600;
  }
`;
