import { expect } from 'chai';
import { closeModal } from '../../../stores/ui/modal.js';
import { pushView } from '../../../stores/ui/router.js';
import { hideToast, showLoading } from '../../../stores/ui/toast.js';
import { activeDeep, deep, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { containsDeep } from '../../base/focus.js';

/** Every text the modal's live region held, in order (empty texts left out). */
function recordRegion(modal: HTMLElement): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const read = () => {
    const text = deep(modal, '[data-live]')?.textContent?.trim();
    if (text && texts[texts.length - 1] !== text) texts.push(text);
  };
  const observer = new MutationObserver(read);
  observer.observe(modal.shadowRoot!, { subtree: true, childList: true, characterData: true });
  return { texts, stop: () => observer.disconnect() };
}

describe('the modal live region', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it('announces loading and each view title once, politely; the title is not a second live region; focus moves into the new view', async () => {
    const modal = await mountModal();
    const record = recordRegion(modal);
    try {
      await modal.modal.open();
      await waitFor(() => record.texts.includes('Connect Wallet'), 10_000, 'Connect announced');
      const region = deep(modal, '[data-live]')!;
      expect(region.getAttribute('role')).to.equal('status');
      expect(region.getAttribute('aria-live')).to.equal('polite');
      expect(deep(modal, 'h2')!.hasAttribute('aria-live')).to.equal(false);
      pushView('WhatIsAWallet');
      await waitFor(() => record.texts.includes('What is a wallet?'), 10_000, 'view announced');
      const view = deep(modal, 'w3-what-is-a-wallet-view')!;
      await waitFor(() => containsDeep(view, activeDeep()), 5000, 'focus in the new view');
      expect(record.texts.filter((t) => t === 'What is a wallet?')).to.have.length(1);
      // The first open of a view whose code was not loaded yet said 'Loading…' before its title.
      expect(record.texts.indexOf('Loading…')).to.be.within(0, record.texts.indexOf('Connect Wallet'));
    } finally {
      record.stop();
      closeModal();
    }
  });

  it('a toast is announced once, by itself: the modal region does not repeat it, and focus stays where it was', async () => {
    const modal = await mountModal();
    await modal.modal.open();
    await waitFor(() => deep(modal, 'w3-connect-view'), 10_000, 'Connect');
    const view = deep(modal, 'w3-connect-view')!;
    await waitFor(() => containsDeep(view, activeDeep()), 5000, 'focus in the view');
    const before = activeDeep();
    const record = recordRegion(modal);
    try {
      showLoading({ code: 'TEXT', text: 'Authenticating...' });
      const toast = await waitFor(() => deep(modal, 'w3-ui-toast', '[role="status"]'), 3000, 'toast');
      await waitFor(() => toast.textContent?.includes('Authenticating...'), 3000, 'toast text');
      // One live region holds the text: the toast's (its spinner is no second region).
      expect(deep(modal, 'w3-ui-toast', '[role="status"] [role="status"]')).to.equal(null);
      hideToast();
      await waitFor(() => deep(modal, 'w3-ui-toast', '[part="toast"]')?.getAttribute('aria-hidden') === 'true', 3000, 'toast closed');
      expect(record.texts).to.not.include('Authenticating...');
      expect(activeDeep()).to.equal(before);
    } finally {
      record.stop();
      closeModal();
    }
  });
});
