/**
 * The embedded wallet's account type on the namespace whose account can be a smart account
 * (chain rules' `smartAccounts`: eip155): the preference (spec 3: stored preferred account types,
 * else the `defaultAccountTypes` option, else spec 9's default 'smartAccount'), applied silently
 * on login and restore (a network that is not smart-account enabled keeps 'eoa'), and switched
 * from ProfileWallets, where a refused switch falls back to 'eoa' with the frame's sentence
 * ('This application might not support Smart Accounts'). The frame answers the smart-account
 * enabled networks, which are stored (spec 4: a failed query stores an empty list).
 */
import type { AccountType } from '../../core/options.js';
import type { FrameUser } from '../../frame/messages.js';
import { $options } from '../app/options.js';
import { storage } from '../app/storage.js';
import { $smartAccountNetworks, markSmartAccount, smartAccountNamespace } from '../connection/account-types.js';
import { showErrorOf } from '../ui/toast.js';
import { frameRequest } from './frame.js';
import { $embeddedUser } from './state.js';

/** The preferred type of the smart-account namespace's embedded account. */
export function preferredAccountType(): AccountType {
  const namespace = smartAccountNamespace();
  if (!namespace) return 'eoa';
  return storage.get('preferredAccountTypes')?.[namespace] ?? $options.get()?.defaultAccountTypes?.[namespace] ?? 'smartAccount';
}

function storePreference(type: AccountType): void {
  const namespace = smartAccountNamespace();
  if (namespace) storage.set('preferredAccountTypes', { ...storage.get('preferredAccountTypes'), [namespace]: type });
}

/** Asks the frame for the enabled networks and stores them ([] when it cannot say). */
export async function loadSmartAccountNetworks(): Promise<number[]> {
  const list = await frameRequest('GetSmartAccountEnabledNetworks', {})
    .then((r) => r.smartAccountEnabledNetworks.slice(0, 64))
    .catch(() => []);
  $smartAccountNetworks.set(list);
  storage.set('smartAccountEnabledNetworks', list.join(','));
  return list;
}

/**
 * After the user's accounts connected (in the background): the preferred type, applied silently
 * where the network is smart-account enabled (spec 9: elsewhere the account stays 'eoa').
 */
export async function applyPreferredAccountType(user: FrameUser, setAddress: (address: string) => void): Promise<void> {
  const namespace = smartAccountNamespace();
  const type = preferredAccountType();
  // Without a Blockchain API the frame has no smart-account backend: nothing to ask.
  if (!namespace || type !== 'smartAccount' || user.preferredAccountType === 'smartAccount' || !$options.get()?.blockchainApiUrl) return;
  const networks = await loadSmartAccountNetworks();
  const chainId = Number(user.chainId.split(':')[1]);
  if (!user.chainId.startsWith(`${namespace}:`) || !networks.includes(chainId)) return;
  await switchAccountType('smartAccount', setAddress, true).catch(() => undefined);
}

/** Once the user's accounts are connected: which one is a smart account, and whether it is deployed. */
export function markUserAccounts(user: FrameUser): void {
  for (const account of user.accounts)
    markSmartAccount(account.namespace, account.address, account.type === 'smartAccount', user.smartAccountDeployed);
}

/**
 * ProfileWallets' switch: asks the frame, stores the preference, and moves the connected account
 * to the answered address (`setAddress`). A refusal falls back to 'eoa' and shows its sentence.
 */
export async function switchAccountType(
  type: 'eoa' | 'smartAccount',
  setAddress: (address: string) => void,
  silent = false,
): Promise<AccountType> {
  const namespace = smartAccountNamespace();
  if (!namespace) return 'eoa';
  let reply: { type: 'eoa' | 'smartAccount'; address: string };
  try {
    reply = await frameRequest('SetPreferredAccount', { type });
  } catch (err) {
    if (!silent) {
      storePreference('eoa');
      showErrorOf(err);
    }
    reply = await frameRequest('SetPreferredAccount', { type: 'eoa' });
  }
  if (!silent) storePreference(reply.type);
  const before = $embeddedUser.get()?.accounts.find((a) => a.namespace === namespace)?.address;
  const user = await frameRequest('GetUser', {});
  $embeddedUser.set(user);
  const smart = reply.type === 'smartAccount';
  if (before && before.toLowerCase() !== reply.address.toLowerCase()) markSmartAccount(namespace, before, false);
  markSmartAccount(namespace, reply.address, smart, user.smartAccountDeployed);
  setAddress(reply.address);
  // Once the connected account moved to it: its deployment flag.
  markSmartAccount(namespace, reply.address, smart, user.smartAccountDeployed);
  return reply.type;
}
