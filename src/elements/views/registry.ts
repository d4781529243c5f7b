import type { ViewName } from '../../core/views.js';
import type { W3Element } from '../base/w3-element.js';

/** A view's element class; its static `tagName` is the view's tag (`w3-<view-in-kebab-case>-view`). */
export type ViewClass = typeof W3Element;

/**
 * How each view's element is loaded: the loader resolves to the view's class (defined by then).
 * Connect is in the first chunk; the others are dynamic imports, so they land in lazy chunks. A
 * view missing here is not available yet.
 */
export const VIEW_LOADERS: Partial<Record<ViewName, () => Promise<ViewClass>>> = {
  Connect: () => import('./connect/connect-view.js').then((m) => m.W3ConnectView),
  Networks: () => import('./networks/networks-view.js').then((m) => m.W3NetworksView),
  WhatIsAWallet: () => import('./what-is-a-wallet/what-is-a-wallet-view.js').then((m) => m.W3WhatIsAWalletView),
  Account: () => import('./account/account-view.js').then((m) => m.W3AccountView),
  ConnectingExternal: () => import('./connecting-external/connecting-external-view.js').then((m) => m.W3ConnectingExternalView),
  SwitchNetwork: () => import('./switch-network/switch-network-view.js').then((m) => m.W3SwitchNetworkView),
  SwitchActiveChain: () => import('./switch-active-chain/switch-active-chain-view.js').then((m) => m.W3SwitchActiveChainView),
  UnsupportedChain: () => import('./unsupported-chain/unsupported-chain-view.js').then((m) => m.W3UnsupportedChainView),
  ProfileWallets: () => import('./profile-wallets/profile-wallets-view.js').then((m) => m.W3ProfileWalletsView),
  AllWallets: () => import('./all-wallets/all-wallets-view.js').then((m) => m.W3AllWalletsView),
  ConnectingWalletConnect: () =>
    import('./connecting-wallet-connect/connecting-wallet-connect-view.js').then((m) => m.W3ConnectingWalletConnectView),
  ConnectingWalletConnectBasic: () =>
    import('./connecting-wallet-connect/connecting-wallet-connect-basic-view.js').then((m) => m.W3ConnectingWalletConnectBasicView),
  WalletReceive: () => import('./wallet-receive/wallet-receive-view.js').then((m) => m.W3WalletReceiveView),
  WalletSend: () => import('./wallet-send/wallet-send-view.js').then((m) => m.W3WalletSendView),
};
