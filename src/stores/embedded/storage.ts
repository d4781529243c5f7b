/**
 * After a login: whether the frame keeps it on this browser (frame-storage.ts in the frame). A
 * frame on the dApp's site keeps it and nothing shows. A cross-site frame whose browser blocks
 * third-party storage asks: ApproveTransaction shows the frame's 'Stay logged in' screen, whose
 * Allow asks the browser (the Storage Access API needs the user's click inside the frame). If the
 * frame still keeps nothing, the modal says once that the login ends with a reload and offers a
 * passkey for next time (SESSION_ONLY_LOGIN). The login itself works either way.
 */
import { logger } from '../../core/logger.js';
import { showAlert } from '../ui/alerts.js';
import { $modal } from '../ui/modal.js';
import { onApprovalAbort, showFrameTask } from './approval.js';
import type { FrameBridge } from '../../frame/bridge/bridge.js';
import { currentFrame } from './frame.js';

/** How long the login's own closing of the modal may take before the frame asks anyway. */
const MODAL_CLOSE_WAIT_MS = 3_000;

function modalClosed(): Promise<void> {
  if (!$modal.get().open) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, MODAL_CLOSE_WAIT_MS);
    const stop = $modal.listen(({ open }) => {
      if (!open) done();
    });
    function done(): void {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/**
 * Asks `frame` (the bridge the login went through) to keep the fresh login; says so once when it
 * cannot. Nothing when that bridge is gone meanwhile (signed out, destroyed). Never rejects.
 */
export async function keepLogin(frame: FrameBridge): Promise<void> {
  const live = (): boolean => currentFrame() === frame;
  try {
    if (!live()) return;
    let { storage } = await frame.request('GetStorage', {});
    if (!live()) return;
    if (storage === 'ask') {
      // The login closes the modal first; then the frame's screen opens it again.
      await modalClosed();
      if (!live()) return;
      const done = showFrameTask({ kind: 'storage' });
      let stopAbort: () => void = () => undefined;
      const left = new Promise<{ storage: 'session' }>((resolve) => {
        stopAbort = onApprovalAbort(() => resolve({ storage: 'session' }));
      });
      try {
        // A frame that fails to answer still keeps nothing: the login lasts for the page.
        const asked = frame.request('RequestStorage', {}, { timeoutMs: null }).catch((err: unknown) => {
          logger.warn('The embedded wallet did not answer whether it keeps the login', err);
          return { storage: 'session' as const };
        });
        ({ storage } = await Promise.race([asked, left]));
      } finally {
        stopAbort();
        done();
      }
    }
    if (storage !== 'persistent' && live()) showAlert('SESSION_ONLY_LOGIN');
  } catch (err) {
    logger.warn('Could not ask the embedded wallet to keep the login', err);
  }
}
