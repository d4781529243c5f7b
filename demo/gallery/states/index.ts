/** Every gallery state, grouped by view (one file per area). */
import { ACCOUNT_STATES } from './account.js';
import { ALL_WALLETS_STATES, CONNECT_STATES } from './connect.js';
import { NETWORKS_STATES } from './networks.js';
import { SEND_STATES } from './send.js';
import { SWAP_STATES } from './swap.js';
import type { GalleryState } from './types.js';

export const STATES: readonly GalleryState[] = [
  ...CONNECT_STATES,
  ...ALL_WALLETS_STATES,
  ...ACCOUNT_STATES,
  ...SEND_STATES,
  ...SWAP_STATES,
  ...NETWORKS_STATES,
];
