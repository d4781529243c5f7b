/** The connect round trip, on a page with the test wallet (EIP-6963) over a Hardhat node. */
import { TIMEOUT } from '../harness.mjs';

/** Click on the test wallet in Connect to the Account view shown (the first connect loads the eip155 chunk too). */
export const connectRoundTrip = {
  id: 'connectRoundTrip',
  async run({ page, guard, click }) {
    await guard(page.locator(click).click({ timeout: TIMEOUT }));
    await guard(
      page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Connect', null, { timeout: TIMEOUT }),
    );
    await guard(
      page.evaluate(() => {
        window.__benchWalletClick = undefined;
        window.__benchAccountShown = undefined;
        document.addEventListener('click', (e) => (window.__benchWalletClick ??= e.timeStamp), { capture: true, once: true });
        const shown = () => {
          const modal = document.querySelector('w3-modal');
          const view = modal?.shadowRoot?.querySelector('w3-account-view');
          return modal?.getAttribute('view') === 'Account' && !!view?.shadowRoot?.querySelector('.address');
        };
        const frame = () => {
          if (shown()) requestAnimationFrame(() => (window.__benchAccountShown = performance.now()));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    );
    await guard(page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' }).click({ timeout: TIMEOUT }));
    await guard(page.waitForFunction(() => window.__benchAccountShown !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
    return page.evaluate(() => window.__benchAccountShown - window.__benchWalletClick);
  },
};
