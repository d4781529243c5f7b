import { $activeAccount } from './account.js';
import { closeModal } from '../ui/modal.js';
import { $router, popView, replaceView, resetRouter } from '../ui/router.js';

/**
 * The back button and the router rules of spec section 2: going back from the first view closes
 * the modal; going back to (or while on) Connect with an active address shows Account instead.
 */
export function goBack(): void {
  const hasAddress = !!$activeAccount.get().address;
  if (popView()) {
    if (hasAddress && $router.get().view === 'Connect') replaceView('Account');
    return;
  }
  if (hasAddress && $router.get().view === 'Connect') {
    resetRouter('Account');
    return;
  }
  closeModal();
}

/** A failed network switch goes back one view (and never closes the modal). */
export function goBackAfterFailedSwitch(): void {
  popView();
}
