import { registerViews } from '../stores/ui/router.js';
import { defineButtons } from './buttons/index.js';
import { defineModal } from './modal/modal.js';
import { loadModalShell } from './modal/shell-loader.js';
import { defineUiAvatar } from './primitives/avatar/avatar.js';
import { defineUiNetworkIcon } from './primitives/network-icon/network-icon.js';
import { defineUiSpinner } from './primitives/spinner/spinner.js';
import { AVAILABLE_VIEWS, loadConnectView } from './views/available.js';

/** Defines every w3-* element (idempotent: safe when two builds share a page). */
export function defineElements(): void {
  if (typeof customElements === 'undefined') return;
  // The buttons' primitives; the modal's shell defines the others (./modal/modal-shell.ts).
  defineUiSpinner();
  defineUiAvatar();
  defineUiNetworkIcon();
  defineButtons();
  defineModal();
  registerViews(AVAILABLE_VIEWS);
  prefetchConnectView();
}

let prefetched = false;

/**
 * The modal's shell and the Connect view are what an open shows first, so they are fetched once
 * the page is idle after the buttons work (not in the first chunk: DESIGN.md, Budgets); a click
 * before that loads them then.
 */
function prefetchConnectView(): void {
  if (prefetched || typeof window === 'undefined') return;
  prefetched = true;
  const load = (): void => {
    Promise.all([loadModalShell(), loadConnectView()]).catch(() => {
      prefetched = false; // an open loads it again and shows the error
    });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1500 });
  else setTimeout(load, 200);
}
