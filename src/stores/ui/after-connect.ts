/**
 * What the modal does once a wallet connected from the Connect view or one of its sub-views (All
 * Wallets, a wallet's connecting view, the WalletConnect QR, e-mail, social, Farcaster, passkeys):
 * it closes, as AppKit and RainbowKit do, so the dApp shows again; `open({ view: 'Account' })` is
 * there for a dApp that wants the account shown. When sign-in with X is set, its check answers
 * first: with no session SIWXSignMessage asks (spec 4: on signing the modal closes). A wallet
 * added from ProfileWallets ('Add wallet') goes back there, where it now shows. A restore at load
 * never comes here; a person who left the connecting view meanwhile is not moved.
 */
import type { ViewName } from '../../core/views.js';
import { signInFlow } from '../app/sign-in.js';
import { $modal, closeModal } from './modal.js';
import { $router, popTo } from './router.js';

/** The Connect view and the views a connection is made from. */
const CONNECT_FLOW: ReadonlySet<ViewName> = new Set<ViewName>([
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'ConnectSocials',
  'EmailLogin',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'Passkeys',
  'WhatIsAWallet',
  'GetWallet',
]);

/** Whether `view` belongs to the connect flow (a connection made there closes the modal). */
export const isConnectFlowView = (view: ViewName): boolean => CONNECT_FLOW.has(view);

/** Run by each connect flow once its wallet is connected: closes the modal (see above). */
export async function leaveConnectFlow(): Promise<void> {
  const flow = signInFlow();
  if (flow) await (await flow).siwxChecked();
  // Closed meanwhile, SIWXSignMessage asking, or the person went elsewhere: nothing to leave.
  if (!$modal.get().open || !isConnectFlowView($router.get().view)) return;
  if (!popTo('ProfileWallets')) closeModal();
}
