/**
 * Choosing the active account among those a connected wallet exposes (several accounts; spec
 * section 3: Connection.accounts, Account state allAccounts), in any namespace. The chosen
 * address signs and sends from then on; the wallet's own accountsChanged still wins when it
 * comes. `subscribeAccount` callers see the change (the account state is the contract's account event).
 */
import { sameAddress } from '../../core/same-address.js';
import { toCaipAddress, type CaipNetworkId, type ChainNamespace } from '../../core/caip.js';
import { NotConnectedError, WalletRequestError } from '../../core/errors.js';
import { getAccountState, patchAccount } from './account.js';
import { namespaceNetwork } from './chain-state.js';
import { $connections, type Connection } from './connectors.js';
import { persist } from './persistence.js';
import { refreshBalance } from './requests.js';
import { liveSession, targetNamespace } from './session-state.js';

/** The connection's accounts with `address` first; the others keep their order. */
function withFirst(connection: Connection, address: string): Connection {
  const chosen = connection.accounts.filter((a) => sameAddress(a.address, address));
  const rest = connection.accounts.filter((a) => !sameAddress(a.address, address));
  return { ...connection, accounts: [...chosen, ...rest] };
}

/**
 * Makes `address` (one of the live wallet's connected accounts) the namespace's active address:
 * the account state, its CAIP address and the stored connection (so a reload keeps the choice),
 * then reads its balance. Throws NotConnectedError without a session, WalletRequestError for an
 * address the wallet did not connect.
 */
export function selectAccount(address: string, namespace?: ChainNamespace): void {
  const ns = targetNamespace(namespace);
  const session = liveSession(ns);
  if (!ns || !session) throw new NotConnectedError(undefined, { details: 'Connect a wallet first' });
  const list = $connections.get()[ns] ?? [];
  const connection = list.find((c) => c.connectorId === session.connectorId);
  const account = connection?.accounts.find((a) => sameAddress(a.address, address));
  if (!connection || !account) throw new WalletRequestError('This account is not connected', { details: address });
  const state = getAccountState(ns);
  if (sameAddress(state.address, account.address)) return;
  $connections.setKey(
    ns,
    list.map((c) => (c === connection ? withFirst(c, account.address) : c)),
  );
  const networkId = (state.caipAddress?.split(':').slice(0, 2).join(':') ?? namespaceNetwork(ns)?.caipNetworkId) as CaipNetworkId;
  patchAccount(ns, { address: account.address, caipAddress: toCaipAddress(networkId, account.address), balance: undefined });
  persist(ns);
  void refreshBalance(ns);
}
