/** The wallet views around a connection: learning, getting, connecting, switching, receiving. */
import { addConnectors } from '../../../src/stores/connection/connectors.js';
import { fixtureWallets, longNamedWallets } from '../fixtures/wallets.js';
import { API_URL, FAILED, LOADING } from '../fixture-api.js';
import type { GalleryState } from './types.js';

/** An installed (EIP-6963) wallet as discovery leaves it in the stores: no provider behind it. */
const announced = () =>
  addConnectors([
    {
      id: 'org.example.gallery',
      type: 'ANNOUNCED',
      name: 'Aurora Wallet',
      chain: 'eip155',
      rdns: 'org.example.gallery',
      imageUrl: `${API_URL}/getWalletImage/mark-1.svg`,
    },
  ]);

export const WALLET_STATES: GalleryState[] = [
  { view: 'WhatIsAWallet', state: 'default' },
  { view: 'GetWallet', state: 'full' },
  { view: 'GetWallet', state: 'loading', api: { '/getWallets': LOADING } },
  { view: 'GetWallet', state: 'error', api: { '/getWallets': FAILED } },
  { view: 'GetWallet', state: 'long-texts', wallets: longNamedWallets() },
  { view: 'ConnectingExternal', state: 'unknown-wallet', data: { connectorId: 'none' } },
  { view: 'ConnectingExternal', state: 'installed-wallet', setup: announced, data: { connectorId: 'org.example.gallery' } },
  { view: 'ConnectingWalletConnect', state: 'default', wallets: fixtureWallets(12), data: { walletId: 'gallery-wallet-1' } },
  { view: 'ConnectingWalletConnectBasic', state: 'default' },
  { view: 'ApproveInWallet', state: 'default', connected: true },
  { view: 'WalletReceive', state: 'default', connected: true },
  { view: 'ProfileWallets', state: 'default', connected: true },
  { view: 'SwitchNetwork', state: 'default', connected: true },
  { view: 'SwitchActiveChain', state: 'default', connected: true, data: { network: 'eip155:1' } },
  { view: 'UnsupportedChain', state: 'default', connected: true },
];
