import type { ViewName } from '../../core/views.js';

/**
 * How each view's element is loaded. Connect is in the first chunk; the others are dynamic
 * imports, so they land in lazy chunks. A view missing here is not available yet.
 */
export const VIEW_LOADERS: Partial<Record<ViewName, () => Promise<unknown>>> = {
  Connect: () => import('./connect/connect-view.js'),
  Networks: () => import('./networks/networks-view.js'),
  WhatIsAWallet: () => import('./what-is-a-wallet/what-is-a-wallet-view.js'),
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
  WalletSend: () => import('./wallet-send/wallet-send-view.js'),
};
