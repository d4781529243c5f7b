/**
 * The connect round trip, on a page with a test wallet: the EVM one (EIP-6963) over a Hardhat
 * node, or the Solana one (Wallet Standard) over the local SVM.
 */
import { TIMEOUT } from '../harness.mjs';

/** The EVM test wallet's name (test/fixtures/eip1193-wallet.ts's default). */
export const EVM_TEST_WALLET = 'w3kit Test Wallet';
/** The name the bench gives the Solana test wallet (loads.mjs), its row in Connect. */
export const SOLANA_TEST_WALLET = 'w3kit Solana Test Wallet';

/**
 * Runs in the page (page.evaluate): records the timeStamp of the `count`th `type` event on the
 * document (`window.__benchStart`; for keydown, digit keys only), and `window.__benchAccountShown`
 * at the first animation frame after the Account view shows its address.
 */
export function armAccountTimer({ type, count }) {
  window.__benchStart = undefined;
  window.__benchAccountShown = undefined;
  let seen = 0;
  const onEvent = (e) => {
    if (type === 'keydown' && !/^\d$/.test(e.key)) return;
    if (++seen < count) return;
    window.__benchStart = e.timeStamp;
    document.removeEventListener(type, onEvent, { capture: true });
  };
  document.addEventListener(type, onEvent, { capture: true });
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
}

/**
 * Click on the wallet named `walletName` in Connect to the Account view shown (the first connect
 * loads the namespace's adapter chunk too: eip155's, or solana's with @solana/web3.js).
 */
export function connectRoundTrip(walletName) {
  return {
    id: 'connectRoundTrip',
    async run({ page, guard, click }) {
      await guard(page.locator(click).click({ timeout: TIMEOUT }));
      await guard(
        page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Connect', null, { timeout: TIMEOUT }),
      );
      await guard(page.evaluate(armAccountTimer, { type: 'click', count: 1 }));
      await guard(page.locator('w3-modal').getByRole('button', { name: walletName }).click({ timeout: TIMEOUT }));
      await guard(page.waitForFunction(() => window.__benchAccountShown !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
      return page.evaluate(() => window.__benchAccountShown - window.__benchStart);
    },
  };
}
