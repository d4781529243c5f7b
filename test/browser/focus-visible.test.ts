/** Focus is always visible: each tab stop of the modal's views shows a focus ring when reached by Tab. */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { ViewName } from '../../src/core/views.js';
import { activeDeep, connectAccount, deep, mountModal, resetAll, sleep, waitFor } from './helpers.js';

/** The focused element draws a ring: an outline, or a box shadow (some controls use one). */
function ringShown(el: Element): boolean {
  const style = getComputedStyle(el);
  return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
}

describe('focus is visible', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  for (const view of ['Connect', 'Account', 'Networks', 'WalletSend'] as ViewName[]) {
    it(`every tab stop of ${view} shows a focus ring`, async function () {
      this.timeout(30_000);
      const modal = await mountModal();
      if (view !== 'Connect') connectAccount();
      // open({ view: 'WalletSend' }) resolves only once a transaction is sent: not awaited.
      void modal.modal.open({ view }).catch(() => undefined);
      const tag = `w3-${view
        // An acronym is one word (SIWXSignMessage -> w3-siwx-sign-message-view).
        .replace(/[A-Z]+(?=[A-Z][a-z]|$)/g, (m) => m[0]! + m.slice(1).toLowerCase())
        .replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase())}-view`;
      await waitFor(() => modal.getAttribute('view') === view && deep(modal, tag), 15_000, `${view} shown`);
      await sleep(200);
      const seen = new Set<Element>();
      const missing: string[] = [];
      for (let i = 0; i < 30; i++) {
        await sendKeys({ press: 'Tab' });
        const active = activeDeep();
        if (!active || seen.has(active)) break;
        seen.add(active);
        if (!ringShown(active)) missing.push(`${active.localName}.${active.className} ${active.textContent?.trim().slice(0, 30) ?? ''}`);
      }
      expect(seen.size).to.be.greaterThan(1);
      expect(missing).to.deep.equal([]);
    });
  }
});
