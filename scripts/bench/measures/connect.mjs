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
 * at the first animation frame after the connection shows: the modal closes after a connection
 * (issue 28), so that is the page's account button showing the connected address (or, where the
 * modal stays open, as after SIWX, the Account view with its address).
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
  // The account button (inside <w3-button> or on its own) drawn with the address, not restoring.
  const connectedAddress = (el) => {
    const account = el?.localName === 'w3-account-button' ? el : el?.shadowRoot?.querySelector('w3-account-button');
    const inner = account?.shadowRoot?.querySelector('button');
    return !!inner && !inner.hasAttribute('data-restoring') && /…/.test(inner.textContent ?? '');
  };
  const shown = () => {
    const modal = document.querySelector('w3-modal');
    if (modal?.modal?.getAccount().status !== 'connected') return false;
    const view = modal.shadowRoot?.querySelector('w3-account-view');
    if (modal.getAttribute('view') === 'Account' && view?.shadowRoot?.querySelector('.address')) return true;
    return !modal.hasAttribute('open') && [...document.querySelectorAll('w3-button, w3-account-button')].some(connectedAddress);
  };
  const frame = () => {
    if (shown()) requestAnimationFrame(() => (window.__benchAccountShown = performance.now()));
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * Click on the wallet named `walletName` in Connect to the connection shown (the first connect
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
