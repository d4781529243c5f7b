import { css } from 'lit';

/** A QR code of 248 px with its logo on a white rounded tile (WalletConnect's and Farcaster's sign-in). */
export const qrStyles = css`
  /* The code itself 280 px (the frame adds its 16 px quiet zone each side): it fits a 375 px phone's sheet. */
  w3-qr-code {
    --w3-qr-size: 312px;
  }
  .qr-logo {
    display: grid;
    place-items: center;
    width: 56px;
    height: 56px;
    border-radius: 14px;
    background: #ffffff;
  }
`;

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
