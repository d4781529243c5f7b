/**
 * The CallsStatus view's model: the batch it shows (the id in the router's data, `callsId`), its
 * phase (pending while the wallet says 100, confirmed at 200, failed at 400/500/600, error when it
 * cannot be read) and receipts. `watchCalls` asks the wallet every POLL_MS while the batch is pending,
 * at most MAX_POLLS times, and stops when the modal closes or the view goes.
 */
import { atom } from 'nanostores';
import type { CallReceipt, CallsStatus } from '../../chains/eip155/wallet-calls.js';
import { resettable } from '../app/reset.js';
import { onModalClose } from '../ui/modal.js';
import { getCallsStatus } from './calls.js';

export type CallsPhase = 'loading' | 'pending' | 'confirmed' | 'failed' | 'error';

export interface CallsViewState {
  id: string | undefined;
  phase: CallsPhase;
  receipts: CallReceipt[];
  /** Why the status cannot be read (phase 'error'). */
  error?: unknown;
}

export const POLL_MS = 1000;
/** At most this many reads of one batch's status per watch (5 minutes at POLL_MS). */
export const MAX_POLLS = 300;

export const $callsView = resettable(atom<CallsViewState>({ id: undefined, phase: 'loading', receipts: [] }));

const phaseOf = (status: CallsStatus): CallsPhase => (status.status === 100 ? 'pending' : status.status === 200 ? 'confirmed' : 'failed');

/**
 * Follows batch `id` into $callsView until it settles, MAX_POLLS reads were made or the modal
 * closes; returns what stops it. `read` is the status read (the connected wallet's by default).
 */
export function watchCalls(
  id: string | undefined,
  options: { pollMs?: number; maxPolls?: number; read?: (id: string) => Promise<CallsStatus> } = {},
): () => void {
  const { pollMs = POLL_MS, maxPolls = MAX_POLLS, read = getCallsStatus } = options;
  $callsView.set({ id, phase: 'loading', receipts: [] });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polls = 0;
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    stopClose();
  };
  const stopClose = onModalClose(stop);
  const tick = async (): Promise<void> => {
    if (stopped || !id) return;
    polls += 1;
    try {
      const status = await read(id);
      if (stopped) return;
      const phase = phaseOf(status);
      $callsView.set({ id, phase, receipts: status.receipts });
      if (phase === 'pending' && polls < maxPolls) timer = setTimeout(() => void tick(), pollMs);
    } catch (error) {
      if (!stopped) $callsView.set({ id, phase: 'error', receipts: [], error });
    }
  };
  if (!id) $callsView.set({ id, phase: 'error', receipts: [], error: undefined });
  else void tick();
  return stop;
}
