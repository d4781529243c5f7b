import { expect } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { showSuccess } from '../../../stores/ui/toast.js';
import { connectAccount, deep, dialogOf, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('<w3-ui-toast> placement', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 800, height: 600 });
  });

  for (const [width, height] of [
    [1280, 720],
    [375, 667],
  ] as const) {
    it(`at ${width} × ${height} a toast never covers the dialog's header (a dialog as tall as the viewport: the Account view)`, async () => {
      await setViewport({ width, height });
      const el = await mountModal({ blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' });
      connectAccount();
      await el.modal.open({ view: 'Account' });
      await waitFor(() => deep(el, 'w3-account-view'), 3000, 'account view');
      await sleep(300);
      showSuccess({ code: 'TEXT', text: 'Address copied' });
      const box = await waitFor(() => deep(el, 'w3-ui-toast', '[part="toast"]'), 2000, 'toast');
      await sleep(250);
      const header = deep(dialogOf(el)!, 'header')!.getBoundingClientRect();
      const toast = box.getBoundingClientRect();
      expect(toast.height).to.be.greaterThan(0);
      expect(overlaps(toast, header), `toast ${JSON.stringify(toast)} header ${JSON.stringify(header)}`).to.equal(false);
      // Inside the viewport, whole.
      expect(toast.top).to.be.at.least(0);
      expect(toast.bottom).to.be.at.most(height);
    });
  }
});
