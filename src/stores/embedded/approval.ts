/**
 * The approval of unsafe requests (spec 6): while one waits on the user, `$frameTask` says what
 * and ApproveTransaction shows the frame (the modal opens for it when closed). When the last one
 * settles the view goes back, or the modal closes when it was opened for it. Closing the modal
 * meanwhile aborts only the pending unsafe requests.
 */
import type { ApprovalTask } from '../../adapters/auth/frame-rpc.js';
import { closeModal, $modal, onModalClose, openModalOn } from '../ui/modal.js';
import { goBack } from '../connection/navigation.js';
import { $router, pushView } from '../ui/router.js';
import { currentFrame } from './frame.js';
import { $frameTask, type FrameTask } from './state.js';

let waiting = 0;
let openedForIt = false;
let stopClose: (() => void) | undefined;
let stopLeave: (() => void) | undefined;

/** Shows ApproveTransaction for `task`; the returned function ends it. */
export function showFrameTask(task: FrameTask): () => void {
  $frameTask.set(task);
  if (waiting++ === 0) {
    openedForIt = !$modal.get().open;
    if (openedForIt) openModalOn('ApproveTransaction');
    else if ($router.get().view !== 'ApproveTransaction') pushView('ApproveTransaction');
    stopClose = onModalClose(() => abortPendingApproval());
    // Leaving the view (Back, another view) while something waits aborts it; the store's own
    // navigation below stops listening first, so a request that settled never aborts the next.
    stopLeave = $router.listen(({ view }) => {
      if (view !== 'ApproveTransaction') abortPendingApproval();
    });
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--waiting > 0) return;
    stopClose?.();
    stopClose = undefined;
    stopLeave?.();
    stopLeave = undefined;
    $frameTask.set(undefined);
    if ($router.get().view !== 'ApproveTransaction' || !$modal.get().open) return;
    if (openedForIt) closeModal();
    else goBack();
  };
}

/** The providers' approval hook. */
export const approvalHook = (task: ApprovalTask): (() => void) => showFrameTask({ kind: 'rpc', ...task });

const abortListeners = new Set<() => void>();

/** Runs `listener` when the user leaves the approval (the export waits on it). */
export function onApprovalAbort(listener: () => void): () => void {
  abortListeners.add(listener);
  return () => abortListeners.delete(listener);
}

/** The user left the approval (Back, Escape, close): aborts only the pending unsafe requests. */
export function abortPendingApproval(): void {
  const frame = currentFrame();
  if (frame) {
    frame.abort(true);
    frame.request('RpcAbort', {}).catch(() => undefined);
  }
  for (const listener of [...abortListeners]) listener();
}
