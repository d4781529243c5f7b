/**
 * React hooks over the connection stores: the native balance the account button and Account
 * view show, and every connected wallet (one per namespace).
 */
import { useEffect, useMemo } from 'react';
import type { CaipAddress, ChainNamespace } from '../core/caip.js';
import { $accounts, type AccountEntry } from '../stores/connection/account.js';
import { $activeConnectorIds, $connectors } from '../stores/connection/connectors.js';
import { $nativeBalances, balanceKey } from '../stores/connection/native-balance.js';
import { $activeNamespace, $activeNetworkIds, $networks, $unknownNetwork } from '../stores/network/networks.js';
import { useW3Store } from './hydration.js';
import { NO_ACCOUNTS, NO_BALANCES, NO_CONNECTORS, NO_IDS, NO_NAMESPACE, NO_NETWORKS } from './server-values.js';

export interface UseW3BalanceResult {
  /** The native balance as a decimal string (`'10000.0'`); undefined until read, or when it cannot be read. */
  balance: string | undefined;
  /** The native currency's symbol (`'ETH'`); undefined when not connected. */
  symbol: string | undefined;
  /** True while the balance of the connected account on its network is being read. */
  isLoading: boolean;
}

export interface W3Connection {
  namespace: ChainNamespace;
  /** The active address of this namespace's wallet. */
  address: string;
  caipAddress: CaipAddress | undefined;
  /** Every account the wallet exposes in this namespace. */
  allAccounts: AccountEntry[];
  /** The connector that made the connection (`modal.getWalletProvider(namespace)` is its provider). */
  connectorId: string | undefined;
  /** The wallet's name, when its connector is known. */
  walletName: string | undefined;
  /** Whether this is the active namespace (where the modal's actions go by default). */
  isActive: boolean;
}

const DISCONNECTED: UseW3BalanceResult = { balance: undefined, symbol: undefined, isLoading: false };

/**
 * The native balance of `namespace`'s (default: the active namespace's) connected account on
 * that namespace's network, from the stores the Account view reads; read from the chain when the
 * store has no figure for it yet.
 */
export function useW3Balance(namespace?: ChainNamespace): UseW3BalanceResult {
  const accounts = useW3Store($accounts, NO_ACCOUNTS);
  const active = useW3Store($activeNamespace, NO_NAMESPACE);
  const ids = useW3Store($activeNetworkIds, NO_IDS);
  const list = useW3Store($networks, NO_NETWORKS);
  const unknown = useW3Store($unknownNetwork, undefined);
  const balances = useW3Store($nativeBalances, NO_BALANCES);
  const ns = namespace ?? active;
  const account = ns ? accounts[ns] : undefined;
  const address = account?.status === 'connected' ? account.address : undefined;
  const ofNamespace = list.filter((n) => n.chainNamespace === ns);
  const network = ofNamespace.find((n) => ns && n.caipNetworkId === ids[ns]) ?? ofNamespace[0];
  const onUnknown = !!ns && unknown?.namespace === ns;
  const key = address && network && !onUnknown ? balanceKey(network.caipNetworkId, address) : undefined;
  const entry = key ? balances[key] : undefined;
  useEffect(() => {
    // The session reads the active pair itself; another namespace's is read here, once per key.
    if (key && !entry && ns) void import('../stores/connection/requests.js').then((m) => m.refreshBalance(ns));
  }, [key, entry, ns]);
  return useMemo((): UseW3BalanceResult => {
    if (!address) return DISCONNECTED;
    if (!key || !network) return { balance: undefined, symbol: undefined, isLoading: false };
    const symbol = entry?.symbol || network.nativeCurrency.symbol;
    return { balance: entry?.status === 'ready' ? entry.value : undefined, symbol, isLoading: !entry || entry.status === 'loading' };
  }, [address, key, network, entry]);
}

/** Every connected wallet, one per namespace (an EVM wallet and a Solana wallet at once), the active one first. */
export function useW3Connections(): W3Connection[] {
  const accounts = useW3Store($accounts, NO_ACCOUNTS);
  const active = useW3Store($activeNamespace, NO_NAMESPACE);
  const connectorIds = useW3Store($activeConnectorIds, NO_IDS);
  const connectors = useW3Store($connectors, NO_CONNECTORS);
  return useMemo(() => {
    const out: W3Connection[] = [];
    for (const [ns, account] of Object.entries(accounts) as [ChainNamespace, (typeof accounts)[ChainNamespace]][]) {
      if (account?.status !== 'connected' || !account.address) continue;
      const connectorId = connectorIds[ns];
      out.push({
        namespace: ns,
        address: account.address,
        caipAddress: account.caipAddress,
        allAccounts: account.allAccounts,
        connectorId,
        walletName:
          connectors.find((c) => c.id === connectorId && c.chain === ns)?.name ?? connectors.find((c) => c.id === connectorId)?.name,
        isActive: ns === active,
      });
    }
    return out.sort((a, b) => Number(b.isActive) - Number(a.isActive));
  }, [accounts, active, connectorIds, connectors]);
}
