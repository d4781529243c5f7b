/**
 * The embedded wallet's session in the connection module (lazy): the user's providers, one per
 * configured namespace the user has an account in, given to the generic connection path
 * (`setConnectorProvider`, the namespace adapter's connect, `activate`), so account, balances,
 * sign, send, switch and disconnect all go through the existing adapters. Ending the last
 * namespace signs out (waiting at most 3 s) and clears the login cache and the user.
 */
import { EMBEDDED_PROVIDERS, type EmbeddedProvider } from '../../chains/embedded.js';
import { EMBEDDED_NAMESPACES, type EmbeddedNamespace } from '../../chains/frame-namespaces.js';
import type { ChainNamespace } from '../../core/caip.js';
import { SOCIAL_NAMES } from '../../core/social-names.js';
import { FRAME_DISCONNECT_WAIT_MS } from '../../frame/constants.js';
import type { FrameUser } from '../../frame/messages.js';
import { namespaceNetwork } from '../connection/chain-state.js';
import { $activeConnectorIds, $connectedWallet, setConnectorProvider } from '../connection/connectors.js';
import { disconnect, onDisconnect } from '../connection/disconnect.js';
import { activate, adapterFor } from '../connection/session.js';
import { $activeNamespace, $activeNetwork, $networks } from '../network/networks.js';
import { smartAccountNamespace } from '../connection/account-types.js';
import { applyPreferredAccountType, markUserAccounts } from './account-type.js';
import { approvalHook } from './approval.js';
import { AUTH_CONNECTOR_ID } from '../connection/connector-ids.js';
import { currentFrame, ensureFrame, onSessionExpired } from './frame.js';
import { clearLoginCache, saveLoginCache } from './login-cache.js';
import { $emailChange, $emailLogin, $embeddedUser } from './state.js';

const providers: Partial<Record<EmbeddedNamespace, EmbeddedProvider>> = {};
let stopChainWatch: (() => void) | undefined;

const onAuth = (namespace: ChainNamespace): boolean => $activeConnectorIds.get()[namespace] === AUTH_CONNECTOR_ID;

/** The configured namespaces the user has an account in, the active namespace first. */
function userNamespaces(user: FrameUser): { namespace: EmbeddedNamespace; address: string }[] {
  const configured = new Set($networks.get().map((n) => n.chainNamespace));
  const list = EMBEDDED_NAMESPACES.filter((ns) => configured.has(ns)).flatMap((namespace) => {
    const account = user.accounts.find((a) => a.namespace === namespace);
    return account ? [{ namespace, address: account.address }] : [];
  });
  const active = $activeNamespace.get();
  return list.sort((a, b) => Number(b.namespace === active) - Number(a.namespace === active));
}

/** Connects the user's namespaces through their adapters; resolves once each is live (`restored`: the reload's restore). */
export async function connectUser(user: FrameUser, restored = false): Promise<void> {
  const frame = await ensureFrame();
  $embeddedUser.set(user);
  const namespaces = userNamespaces(user);
  for (const { namespace, address } of namespaces) {
    const network = namespaceNetwork(namespace);
    // The app's network of the namespace, else the user's last chain when it is one of the namespace's.
    const chainId = (): string | undefined =>
      namespaceNetwork(namespace)?.caipNetworkId ?? (user.chainId.startsWith(`${namespace}:`) ? user.chainId : undefined);
    const provider = (providers[namespace] = EMBEDDED_PROVIDERS[namespace]({ frame, address, chainId, onApproval: approvalHook }));
    setConnectorProvider(namespace, AUTH_CONNECTOR_ID, provider);
    const adapter = await adapterFor(namespace);
    activate(namespace, AUTH_CONNECTOR_ID, provider, adapter, await adapter.connect(provider, network), restored);
  }
  markUserAccounts(user);
  // The preferred account type, in the background (eip155's default: its Safe, where the network is enabled).
  const namespace = smartAccountNamespace();
  if (namespace && providers[namespace])
    void applyPreferredAccountType(user, (address) => setEmbeddedAddress(namespace, address)).catch(() => undefined);
  nameSocialWallet(user);
  saveLoginCache(user.email, $activeNetwork.get()?.caipNetworkId ?? user.chainId);
  // A fresh login (not the reload's restore): the frame may need the user's click to keep it.
  if (!restored) void import('./storage.js').then(({ keepLogin }) => keepLogin(frame));
  stopChainWatch?.();
  stopChainWatch = $activeNetwork.listen((n) => {
    if (n && onAuth(n.chainNamespace)) saveLoginCache(null, n.caipNetworkId);
  });
}

/**
 * After a social login the connected wallet is the provider ('Google', with `social`), not the
 * connector's 'Email': the frame's user says how this session logged in, on a login and on the
 * reload's restore alike (the backend keeps the provider with the session).
 */
function nameSocialWallet(user: FrameUser): void {
  const wallet = $connectedWallet.get();
  if (!user.socialProvider || wallet?.type !== 'AUTH') return;
  $connectedWallet.set({ ...wallet, name: SOCIAL_NAMES[user.socialProvider], social: user.socialProvider });
}

/** Moves the embedded account of `namespace` to `address` (its smart account, or back to the key's). */
export function setEmbeddedAddress(namespace: EmbeddedNamespace, address: string): void {
  providers[namespace]?.setAccount(address);
}

/** Updates the user's e-mail (after an e-mail change). */
export function setUserEmail(email: string): void {
  const user = $embeddedUser.get();
  if (user) $embeddedUser.set({ ...user, email });
  saveLoginCache(email, undefined);
}

async function signOut(): Promise<void> {
  const frame = currentFrame();
  if (!frame) return;
  await Promise.race([frame.request('SignOut', {}).catch(() => undefined), new Promise((r) => setTimeout(r, FRAME_DISCONNECT_WAIT_MS))]);
}

/** Forgets the user here: providers, login cache, `$embeddedUser`. */
export function forgetUser(): void {
  stopChainWatch?.();
  stopChainWatch = undefined;
  for (const namespace of EMBEDDED_NAMESPACES) {
    providers[namespace]?.setAccount(undefined);
    providers[namespace] = undefined;
    setConnectorProvider(namespace, AUTH_CONNECTOR_ID, undefined);
  }
  clearLoginCache();
  $embeddedUser.set(undefined);
  // A later login starts afresh (the cooldown stays: the backend keeps it too).
  $emailLogin.set({ step: 'idle', email: undefined, error: undefined, resendAt: $emailLogin.get().resendAt });
  $emailChange.set({ step: 'idle', newEmail: undefined, error: undefined });
}

onDisconnect(async (namespace) => {
  if (!onAuth(namespace)) return;
  const others = EMBEDDED_NAMESPACES.filter((ns) => ns !== namespace && onAuth(ns));
  if (others.length > 0) return;
  await signOut();
  forgetUser();
});

/** The frame has no session any more (it expired, or this device was removed): every namespace on the embedded wallet disconnects. */
export async function endEmbeddedSession(): Promise<void> {
  const namespaces = EMBEDDED_NAMESPACES.filter(onAuth);
  if (namespaces.length === 0) return forgetUser();
  for (const namespace of namespaces) await disconnect(namespace);
}

/** The frame said the session expired. */
onSessionExpired(() => void endEmbeddedSession());
