/**
 * The instance API's EIP-5792 methods, one lazy chunk: sendCalls and getCallsStatus (../calls/calls.ts)
 * and showCallsStatus, the batch id checked, then the modal opened on the CallsStatus view,
 * resolved once the view shows.
 */
import { checkCallsId } from '../calls/calls.js';

export { getCallsStatus, sendCalls } from '../calls/calls.js';
import { openModalOn } from '../ui/modal.js';
import { waitForView } from './open-modal.js';

/** Opens the CallsStatus view on the batch `id` (a malformed id refused first, before the modal opens). */
export function showCallsStatus(id: string): Promise<void> {
  checkCallsId(id);
  openModalOn('CallsStatus', { callsId: id });
  return waitForView('CallsStatus');
}
