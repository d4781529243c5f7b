/**
 * What the stores hold on a server, which never creates a modal: the values the hooks render
 * there and, so that hydration matches, during hydration in the browser (./hydration.ts).
 * Frozen and shared, so React sees one unchanged value.
 */
import type { ChainNamespace, CaipNetworkId } from '../core/caip.js';
import type { PublicState } from '../stores/views/public-state.js';
import type { AccountState } from '../stores/connection/account.js';
import type { Connector } from '../stores/connection/connectors.js';
import type { NativeBalance } from '../stores/connection/native-balance.js';
import type { CurrentNetwork } from '../stores/network/networks.js';
import type { Network } from '../wire/networks.js';

export const NO_ACCOUNTS: Partial<Record<ChainNamespace, AccountState>> = Object.freeze({});
export const NO_NAMESPACE: ChainNamespace | undefined = undefined;
export const NO_IDS: Partial<Record<ChainNamespace, CaipNetworkId>> = Object.freeze({});
export const NO_NETWORKS: Network[] = Object.freeze([]) as unknown as Network[];
export const NO_CONNECTORS: Connector[] = Object.freeze([]) as unknown as Connector[];
/** No wallet provider and no active connector (useW3Provider). */
export const NO_PROVIDERS: Partial<Record<ChainNamespace, unknown>> = Object.freeze({});
export const NO_CONNECTOR_IDS: Partial<Record<ChainNamespace, string>> = Object.freeze({});
export const NO_BALANCES: Record<string, NativeBalance> = Object.freeze({});
export const NO_NETWORK: CurrentNetwork = Object.freeze({ network: undefined, unsupported: undefined });
/** `getState()` before createW3Modal: closed, on Connect, not initialised. */
export const SERVER_STATE: PublicState = Object.freeze({
  open: false,
  view: 'Connect',
  loading: false,
  activeChain: undefined,
  selectedNetworkId: undefined,
  initialized: false,
});
