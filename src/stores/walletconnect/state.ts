import { atom, computed } from 'nanostores';
import { $options } from '../app/options.js';
import type { StoreMessage } from '../ui/messages.js';
import type { RegistryWallet } from '../registry/wallet-list.js';

/**
 * WalletConnect's state as the first chunk sees it: the connector id, whether it is configured,
 * and the pairing state the QR views show. The lazy session and pairing modules import this
 * state, never the connector module that loads them.
 */
export const WALLETCONNECT_ID = 'walletConnect';

export interface WcPairingState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  uri?: string;
  /** When the shown URI is replaced (ms since the epoch). */
  expiresAt?: number;
  error?: StoreMessage;
  /** The registry wallet the pairing is for, when one was chosen. */
  wallet?: RegistryWallet;
  /** The wallet app the person opened with the URI (its app link): the wallet now shows them the request. */
  openedIn?: { wallet: RegistryWallet; href: string };
}

export const $wcPairing = atom<WcPairingState>({ status: 'idle' });

/** WalletConnect works when the app set a relay and a project id. */
export const $wcConfigured = computed($options, (options) => Boolean(options?.relayUrl && options.projectId));
