/** WalletConnect on the registry page, whose createW3Modal sets the backend's relay as relayUrl. */
import { TIMEOUT } from '../harness.mjs';

/**
 * Click on the Connect view's WalletConnect row (its timeStamp) to the frame after the QR code's
 * SVG shows: the view chunk, the sign-client chunk, the client's start, the relay socket, the
 * proposal published over our relay, and the QR drawn.
 */
export const walletConnectClickToQr = {
  id: 'walletConnectClickToQr',
  async run({ page, guard, click }) {
    await guard(page.locator(click).click({ timeout: TIMEOUT }));
    const row = page.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' });
    await guard(row.waitFor({ timeout: TIMEOUT }));
    await guard(
      page.evaluate(() => {
        window.__benchRowClick = undefined;
        window.__benchQr = undefined;
        document.addEventListener('click', (e) => (window.__benchRowClick ??= e.timeStamp), { capture: true, once: true });
        const drawn = () => {
          const view = document.querySelector('w3-modal')?.shadowRoot?.querySelector('w3-connecting-wallet-connect-view');
          const qr = view?.shadowRoot?.querySelector('w3-qr-code');
          return Boolean(qr?.getAttribute('uri')?.startsWith('wc:') && qr.shadowRoot?.querySelector('svg path'));
        };
        const frame = () => {
          if (drawn()) requestAnimationFrame(() => (window.__benchQr = performance.now()));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    );
    await guard(row.click({ timeout: TIMEOUT }));
    await guard(page.waitForFunction(() => window.__benchQr !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
    return page.evaluate(() => window.__benchQr - window.__benchRowClick);
  },
};
