import type { ViewName } from '../../core/views.js';
import type { W3Element } from '../base/w3-element.js';
import { loadConnectView, type AvailableView } from './available.js';

/** A view's element class; its static `tagName` is the view's tag (`w3-<view-in-kebab-case>-view`). */
export type ViewClass = typeof W3Element;

/** A view's module: it defines the view's element and exports its class as default. */
export interface ViewModule {
  default: ViewClass;
}

type ViewLoader = () => Promise<ViewModule>;

/**
 * How each view's element is loaded: the loader resolves to the view's module (element defined by
 * then). Each is a dynamic import, so views land in lazy chunks; this table is in the modal's lazy
 * shell. Its keys are exactly `AVAILABLE_VIEWS` (./available.ts, what the router offers).
 */
export const VIEW_LOADERS: Partial<Record<ViewName, ViewLoader>> = {
  Connect: loadConnectView,
  Networks: () => import('./networks/networks-view.js'),
  WhatIsAWallet: () => import('./what-is-a-wallet/what-is-a-wallet-view.js'),
  GetWallet: () => import('./get-wallet/get-wallet-view.js'),
  Account: () => import('./account/account-view.js'),
  ConnectingExternal: () => import('./connecting-external/connecting-external-view.js'),
  SwitchNetwork: () => import('./switch-network/switch-network-view.js'),
  SwitchActiveChain: () => import('./switch-active-chain/switch-active-chain-view.js'),
  UnsupportedChain: () => import('./unsupported-chain/unsupported-chain-view.js'),
  ProfileWallets: () => import('./profile-wallets/profile-wallets-view.js'),
  AllWallets: () => import('./all-wallets/all-wallets-view.js'),
  ConnectingWalletConnect: () => import('./connecting-wallet-connect/connecting-wallet-connect-view.js'),
  ConnectingWalletConnectBasic: () => import('./connecting-wallet-connect/connecting-wallet-connect-basic-view.js'),
  WalletReceive: () => import('./wallet-receive/wallet-receive-view.js'),
  OnRampProviders: () => import('./onramp-providers/onramp-providers-view.js'),
  OnRampBuy: () => import('./onramp-buy/onramp-buy-view.js'),
  OnRampTokenSelect: () => import('./onramp-token-select/onramp-token-select-view.js'),
  OnRampFiatSelect: () => import('./onramp-fiat-select/onramp-fiat-select-view.js'),
  BuyInProgress: () => import('./buy-in-progress/buy-in-progress-view.js'),
  WalletSend: () => import('./wallet-send/wallet-send-view.js'),
  ApproveInWallet: () => import('./approve-in-wallet/approve-in-wallet-view.js'),
  EmailLogin: () => import('./email-login/email-login-view.js'),
  EmailVerifyOtp: () => import('./email-verify-otp/email-verify-otp-view.js'),
  EmailVerifyDevice: () => import('./email-verify-device/email-verify-device-view.js'),
  UpdateEmailWallet: () => import('./update-email-wallet/update-email-wallet-view.js'),
  ApproveTransaction: () => import('./approve-transaction/approve-transaction-view.js'),
  Passkeys: () => import('./passkeys/passkeys-view.js'),
  Devices: () => import('./devices/devices-view.js'),
  ConnectSocials: () => import('./connect-socials/connect-socials-view.js'),
  ConnectingSocial: () => import('./connecting-social/connecting-social-view.js'),
  ConnectingFarcaster: () => import('./connecting-farcaster/connecting-farcaster-view.js'),
  SIWXSignMessage: () => import('./siwx-sign-message/siwx-sign-message-view.js'),
  Swap: () => import('./swap/swap-view.js'),
  SwapSelectToken: () => import('./swap-select-token/swap-select-token-view.js'),
  SwapPreview: () => import('./swap-preview/swap-preview-view.js'),
  RegisterAccountName: () => import('./register-account-name/register-account-name-view.js'),
  RegisterAccountNameSuccess: () => import('./register-account-name-success/register-account-name-success-view.js'),
  CallsStatus: () => import('./calls-status/calls-status-view.js'),
} satisfies Record<AvailableView, ViewLoader>;
