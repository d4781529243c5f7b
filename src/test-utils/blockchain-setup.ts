/** Store setup for the Blockchain API store tests: options with a blockchainApiUrl and a connected account. */
import { networks } from '../wire/networks.js';
import { $accounts, patchAccount } from '../stores/connection/account.js';
import { $activeNamespace, $activeNetworkIds } from '../stores/network/networks.js';
import { setOptions } from '../stores/app/options.js';
import { ACCOUNT } from './blockchain-fixtures.js';
import { offlineLocal } from './networks.js';

export function connectWithApi(blockchainApiUrl: string, address = ACCOUNT): void {
  setOptions({ networks: [offlineLocal.localhost, networks.mainnet], blockchainApiUrl, projectId: 'proj-1' });
  $accounts.set({});
  $activeNamespace.set('eip155');
  $activeNetworkIds.set({ eip155: 'eip155:31337' });
  patchAccount('eip155', { address, caipAddress: `eip155:31337:${address}`, status: 'connected', balance: '10', balanceSymbol: 'ETH' });
}

export function switchToMainnet(): void {
  $activeNetworkIds.set({ eip155: 'eip155:1' });
  const address = $accounts.get().eip155?.address ?? ACCOUNT;
  patchAccount('eip155', { caipAddress: `eip155:1:${address}` });
}
