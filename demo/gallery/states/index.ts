/** Every gallery state, grouped by view (one file per area). */
import { ACCOUNT_STATES } from './account.js';
import { CALLS_STATES } from './calls.js';
import { ALL_WALLETS_STATES, CONNECT_STATES } from './connect.js';
import { EMBEDDED_STATES } from './embedded.js';
import { NAMES_STATES } from './names.js';
import { NETWORKS_STATES } from './networks.js';
import { ONRAMP_STATES } from './onramp.js';
import { WALLET_STATES } from './wallet.js';
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
  ...WALLET_STATES,
  ...ONRAMP_STATES,
  ...EMBEDDED_STATES,
  ...NAMES_STATES,
  ...CALLS_STATES,
];
