import { computed, map } from 'nanostores';
import type { CaipAddress, ChainNamespace } from '../../core/caip.js';
import type { AccountType } from '../../core/options.js';
import { $activeNamespace } from '../network/networks.js';
import { resettable } from '../app/reset.js';

export type AccountStatus = 'disconnected' | 'connecting' | 'connected';

export interface AccountEntry {
  namespace: ChainNamespace;
  address: string;
  type: AccountType;
}

export interface User {
  username?: string;
  email?: { email: string } | null;
  address: string;
  chainId: string | number;
  accounts?: AccountEntry[];
  userName?: string;
  preferredAccountType?: AccountType;
  smartAccountDeployed?: boolean;
}

/** Account state of one namespace (spec section 3). */
export interface AccountState {
  address: string | undefined;
  caipAddress: CaipAddress | undefined;
  status: AccountStatus;
  balance: string | undefined;
  balanceSymbol: string | undefined;
  profileName: string | undefined;
  profileImage: string | undefined;
  allAccounts: AccountEntry[];
  user: User | undefined;
  smartAccountDeployed: boolean;
}

export const EMPTY_ACCOUNT: AccountState = Object.freeze({
  address: undefined,
  caipAddress: undefined,
  status: 'disconnected',
  balance: undefined,
  balanceSymbol: undefined,
  profileName: undefined,
  profileImage: undefined,
  allAccounts: [],
  user: undefined,
  smartAccountDeployed: false,
}) as AccountState;

export const $accounts = resettable(map<Partial<Record<ChainNamespace, AccountState>>>({}));

export const $activeAccount = computed([$accounts, $activeNamespace], (accounts, namespace) =>
  namespace ? (accounts[namespace] ?? EMPTY_ACCOUNT) : EMPTY_ACCOUNT,
);

export function getAccountState(namespace: ChainNamespace): AccountState {
  return $accounts.get()[namespace] ?? EMPTY_ACCOUNT;
}

/** Merges a partial update into a namespace's account. */
export function patchAccount(namespace: ChainNamespace, patch: Partial<AccountState>): void {
  $accounts.setKey(namespace, { ...getAccountState(namespace), ...patch });
}

/** Reset gives disconnected (spec section 4). */
export function resetAccount(namespace: ChainNamespace): void {
  $accounts.setKey(namespace, { ...EMPTY_ACCOUNT });
}

/** True when any namespace has a connected address. */
export const $isConnected = computed($accounts, (accounts) =>
  Object.values(accounts).some((a) => a?.status === 'connected' && !!a.address),
);

/** True while a connection is being made or restored in any namespace (not merely while the modal is open). */
export const $isConnecting = computed($accounts, (accounts) => Object.values(accounts).some((a) => a?.status === 'connecting'));
