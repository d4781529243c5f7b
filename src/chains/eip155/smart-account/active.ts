/**
 * Which frame users act through their smart account now (SetPreferredAccount 'smartAccount' on
 * an enabled network), by the owner key's address: the Safe's address, the chain and contracts
 * it was set up on, and the backend its user operations go through. The eip155 address the frame
 * reports (eth_accounts, GetUser) is then the Safe's, and its unsafe requests go through the
 * Safe (./requests.ts). Bounded: a frame serves one user; a few entries at most.
 */
import type { SafeContracts } from './address.js';
import type { SmartAccountBackend } from './backend.js';

export interface ActiveSmartAccount {
  owner: string;
  address: string;
  caipChainId: string;
  contracts: SafeContracts;
  backend: SmartAccountBackend;
  /** Known deployed (code seen, or a user operation of it mined). */
  deployed: boolean;
}

const MAX_ACCOUNTS = 8;
const active = new Map<string, ActiveSmartAccount>();

/** Sets (or with undefined clears) the smart account `owner` acts through. */
export function setActiveSmartAccount(owner: string, account: ActiveSmartAccount | undefined): void {
  const key = owner.toLowerCase();
  active.delete(key);
  if (!account) return;
  if (active.size >= MAX_ACCOUNTS) active.delete(active.keys().next().value as string);
  active.set(key, account);
}

/** The smart account `owner` acts through, if any. */
export function activeSmartAccountOf(owner: string | undefined): ActiveSmartAccount | undefined {
  return owner ? active.get(owner.toLowerCase()) : undefined;
}

/** The active smart account whose address is `address`, if any. */
export function activeSmartAccountAt(address: string): ActiveSmartAccount | undefined {
  const lower = address.toLowerCase();
  for (const account of active.values()) if (account.address.toLowerCase() === lower) return account;
  return undefined;
}
