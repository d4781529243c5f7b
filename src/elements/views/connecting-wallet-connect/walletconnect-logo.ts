import { svg } from 'lit';

/** The WalletConnect mark (a simplified bridge shape) for the QR code's centre. */
export function walletConnectLogo(size: number) {
  return svg`<svg width=${size} height=${size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
    <rect width="40" height="40" rx="11.2" fill="#3396ff"></rect>
    <path d="M12.2 15.6c4.3-4.2 11.3-4.2 15.6 0l.5.5a.5.5 0 0 1 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7c-3-2.9-7.8-2.9-10.8 0l-.8.7a.3.3 0 0 1-.4 0l-1.8-1.7a.5.5 0 0 1 0-.8zm19.3 3.6 1.6 1.5a.5.5 0 0 1 0 .8l-7.2 7a.6.6 0 0 1-.8 0L20 23.6a.1.1 0 0 0-.2 0l-5.1 4.9a.6.6 0 0 1-.8 0l-7.2-7a.5.5 0 0 1 0-.8l1.6-1.5a.6.6 0 0 1 .8 0l5.1 4.9a.1.1 0 0 0 .2 0l5.1-4.9a.6.6 0 0 1 .8 0l5.1 4.9a.1.1 0 0 0 .2 0l5.1-4.9a.6.6 0 0 1 .8 0z" fill="#ffffff"></path>
  </svg>`;
}
