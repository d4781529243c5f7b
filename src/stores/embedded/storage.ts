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
import { isConnectFlowView } from '../ui/after-connect.js';
import { $modal } from '../ui/modal.js';
import { $router } from '../ui/router.js';
import { onApprovalAbort, showFrameTask } from './approval.js';
import type { FrameBridge } from '../../frame/bridge/bridge.js';
import { currentFrame } from './frame.js';

/**
 * Resolves once the login has left the connect flow (after-connect.ts): the modal closed, or it
 * shows another view (ProfileWallets after 'Add wallet', SIWXSignMessage asking, a view the person
 * chose). No timer: on a slow machine the login's own closing may come late, and a screen pushed
 * over the connect flow before it would stay open over a spent code view.
 */
function connectFlowLeft(): Promise<void> {
  const left = (): boolean => !$modal.get().open || !isConnectFlowView($router.get().view);
  if (left()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = (): void => {
      if (!left()) return;
      stopModal();
      stopRouter();
      resolve();
    };
    const stopModal = $modal.listen(check);
    const stopRouter = $router.listen(check);
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
      await connectFlowLeft();
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
