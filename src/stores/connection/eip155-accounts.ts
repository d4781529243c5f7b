/**
 * Choosing the active account among those a connected eip155 wallet exposes (eth_accounts gave
 * several; spec section 3: Connection.accounts, Account state allAccounts). The chosen address
 * signs and sends from then on; the wallet's own accountsChanged still wins when it comes.
 * `subscribeAccount` callers see the change (the account state is the contract's account event).
 */
import { toCaipAddress, type CaipNetworkId } from '../../core/caip.js';
import { NotConnectedError, WalletRequestError } from '../../core/errors.js';
import { getAccountState, patchAccount } from './account.js';
import { $connections, type Connection } from './connectors.js';
import { activeSession } from './eip155-active.js';
import { refreshBalance } from './eip155-requests.js';
import { storage } from '../app/storage.js';

/** The active connection's accounts with `address` first; the others keep their order. */
function withFirst(connection: Connection, address: string): Connection {
  const chosen = connection.accounts.filter((a) => a.address.toLowerCase() === address.toLowerCase());
  const rest = connection.accounts.filter((a) => a.address.toLowerCase() !== address.toLowerCase());
  return { ...connection, accounts: [...chosen, ...rest] };
}

/**
 * Makes `address` (one of the active wallet's connected accounts) the active address: the
 * account state, its CAIP address and the stored connection (so a reload keeps the choice), then
 * reads its balance. Throws NotConnectedError without a session, WalletRequestError for an
 * address the wallet did not connect.
 */
export function selectEip155Account(address: string): void {
  const session = activeSession();
  if (!session) throw new NotConnectedError(undefined, { details: 'Connect a wallet first' });
  const list = $connections.get().eip155 ?? [];
  const connection = list.find((c) => c.connectorId === session.connectorId);
  const account = connection?.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase());
  if (!connection || !account) throw new WalletRequestError('This account is not connected', { details: address });
  const state = getAccountState('eip155');
  if (state.address?.toLowerCase() === account.address.toLowerCase()) return;
  $connections.setKey(
    'eip155',
    list.map((c) => (c === connection ? withFirst(c, account.address) : c)),
  );
  const networkId = (state.caipAddress?.split(':').slice(0, 2).join(':') ?? 'eip155:1') as CaipNetworkId;
  patchAccount('eip155', { address: account.address, caipAddress: toCaipAddress(networkId, account.address), balance: undefined });
  storage.set('connections', {
    ...storage.get('connections'),
    eip155: ($connections.get().eip155 ?? []).map((c) => ({ ...c, namespace: 'eip155' as const })),
  });
  void refreshBalance();
}

/** The stored choice first: a restored session starts on the account chosen last time, if the wallet still exposes it. */
export function preferStoredAccount(connectorId: string, accounts: `0x${string}`[]): `0x${string}`[] {
  const stored = storage.get('connections')?.eip155?.find((c) => c.connectorId === connectorId)?.accounts[0]?.address;
  const chosen = stored && accounts.find((a) => a.toLowerCase() === stored.toLowerCase());
  return chosen ? [chosen, ...accounts.filter((a) => a !== chosen)] : accounts;
}
