import { expect } from 'chai';
import { showToast, hideToast } from '../../../stores/ui/toast.js';
import { activeDeep, deep, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { containsDeep, tabbables } from '../../base/focus.js';

/** Presses Tab (or Shift+Tab) the way the focus trap sees it: a keydown on the focused element. */
function tab(shift = false): void {
  const target = activeDeep() ?? document.body;
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: shift, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
}

describe("the toast's action and the focus trap", () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it("Tab reaches the toast's action from the dialog, and a closing toast gives focus back to the dialog", async () => {
    const modal = await mountModal();
    await modal.modal.open();
    const dialog = await waitFor(() => deep(modal, '.dialog'), 10_000, 'dialog');
    await waitFor(() => containsDeep(dialog, activeDeep()), 5000, 'focus in the dialog');
    showToast({ code: 'TRANSACTION_CONFIRMED' }, 'success', { label: 'COPY_HASH', copy: '0x1' });
    const action = await waitFor(() => deep<HTMLButtonElement>(modal, 'w3-ui-toast', 'button[part="action"]'), 3000, 'action');
    // Shift+Tab from the first control of the dialog wraps to the last tabbable: the toast's action.
    tabbables(dialog)[0]!.focus();
    tab(true);
    expect(activeDeep()).to.equal(action);
    // Tab from the action wraps back into the dialog.
    tab();
    expect(containsDeep(dialog, activeDeep())).to.equal(true);
    action.focus();
    hideToast();
    await waitFor(() => containsDeep(dialog, activeDeep()), 3000, 'focus back in the dialog');
  });
});
