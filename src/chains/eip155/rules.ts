/** eip155's rules and labels for the registry (first chunk: small). */
import { msg } from '@lit/localize/init/install.js';
import { isEvmAddress } from '../../core/address.js';
import type { ChainRules } from '../types.js';

export const eip155Rules: ChainRules = {
  heading: () => msg('EVM networks'),
  addressPlaceholder: () => msg('0x… address or name'),
  isAddress: isEvmAddress,
  maxAmount: 2n ** 256n - 1n, // core/amount's MAX_UINT256, written here: core/amount is not in the first chunk
  numericChainId: true,
  caseInsensitive: true,
  smartAccounts: true,
  features: { names: true, nfts: true, activity: true, swap: true },
};
