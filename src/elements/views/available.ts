/**
 * The views that have an element (first chunk): their names, for the router, and the Connect
 * view's loader, for the idle prefetch. Every view's loader is in `./registry.ts`, which the
 * modal's lazy shell imports, so the first chunk carries no lazy chunk's file name but Connect's.
 */
import type { ViewName } from '../../core/views.js';

export const AVAILABLE_VIEWS = [
  'Connect',
  'Networks',
  'WhatIsAWallet',
  'GetWallet',
  'Account',
  'ConnectingExternal',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'ProfileWallets',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'WalletReceive',
  'WalletSend',
  'ApproveInWallet',
  'EmailLogin',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailWallet',
  'ApproveTransaction',
  'Passkeys',
  'ConnectSocials',
  'ConnectingSocial',
  'ConnectingFarcaster',
] as const satisfies readonly ViewName[];

export type AvailableView = (typeof AVAILABLE_VIEWS)[number];

/** The Connect view's module (a lazy chunk): what an open shows first. */
export const loadConnectView = () => import('./connect/connect-view.js');
