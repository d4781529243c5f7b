/** Solana's rules and labels for the registry (lazy: loaded when a Solana network is configured). */
import { msg } from '@lit/localize/init/install.js';
import { isSolanaAddress } from '../../core/address.js';
import type { ChainRules } from '../types.js';

export const solanaRules: ChainRules = {
  heading: () => msg('Solana networks'),
  addressPlaceholder: () =>
    msg('Solana address', { id: 'send-to-placeholder-solana', desc: 'Send view: placeholder of the receiver field on Solana' }),
  isAddress: isSolanaAddress,
  maxAmount: 2n ** 64n - 1n, // u64, core/amount's MAX_U64
};
