/** EIP-5792: the CallsStatus view of a batch of calls (showCallsStatus), its phases set from fixtures. */
import type { CallReceipt } from '../../../src/chains/eip155/wallet-calls.js';
import { WalletRequestError } from '../../../src/core/errors.js';
import { $callsView, type CallsViewState } from '../../../src/stores/calls/calls-view.js';
import type { GalleryState } from './types.js';

const ID = '0x5b3c0e6f1a2d4c8b9e7f6a5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a291';

const receipt = (n: number, status: CallReceipt['status'] = 'success'): CallReceipt => ({
  transactionHash: `0x${String(n).repeat(64).slice(0, 64)}`,
  status,
  blockNumber: 1200n + BigInt(n),
  gasUsed: 46_109n + BigInt(n) * 1_000n,
});

/** The view as the wallet's answer leaves it (the view's own read found no wallet in the gallery). */
const shows = (state: Omit<CallsViewState, 'id'>) => () => void $callsView.set({ id: ID, ...state });

const base = { view: 'CallsStatus', connected: true, data: { callsId: ID } } as const;

export const CALLS_STATES: GalleryState[] = [
  { ...base, state: 'pending', after: shows({ phase: 'pending', receipts: [] }) },
  { ...base, state: 'confirmed', after: shows({ phase: 'confirmed', receipts: [receipt(1), receipt(2)] }) },
  { ...base, state: 'failed', after: shows({ phase: 'failed', receipts: [receipt(3, 'reverted')] }) },
  {
    ...base,
    state: 'error',
    after: shows({
      phase: 'error',
      receipts: [],
      error: new WalletRequestError('Fetching call status not approved by the wallet.', { messageCode: 'CallsStatusNotApproved' }),
    }),
  },
];
