/** The wallet views around a connection: learning, getting, connecting, switching, receiving. */
import { addConnectors } from '../../../src/stores/connection/connectors.js';
import { $wcPairing } from '../../../src/stores/walletconnect/state.js';
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

/** A pairing ready to scan (as the WalletConnect client leaves it; no relay is reached). */
const WC_URI = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'3c'.repeat(32)}&expiryTimestamp=1768478700`;
const READY = { status: 'ready', uri: WC_URI, expiresAt: Date.parse('2026-01-15T12:05:00Z') } as const;
/** Holds the pairing ready: the client, which reaches no relay here, may still report its start later. */
const paired = (): void => {
  $wcPairing.set(READY);
  $wcPairing.listen((s) => void (s.uri !== WC_URI && queueMicrotask(() => $wcPairing.set(READY))));
};
const wc: Pick<GalleryState, 'options'> = { options: { relayUrl: 'wss://relay.gallery.invalid', projectId: 'w3kit-gallery' } };

export const WALLET_STATES: GalleryState[] = [
  { view: 'WhatIsAWallet', state: 'default' },
  { view: 'GetWallet', state: 'full' },
  { view: 'GetWallet', state: 'loading', api: { '/getWallets': LOADING } },
  { view: 'GetWallet', state: 'error', api: { '/getWallets': FAILED } },
  { view: 'GetWallet', state: 'long-texts', wallets: longNamedWallets() },
  { view: 'ConnectingExternal', state: 'unknown-wallet', data: { connectorId: 'none' } },
  { view: 'ConnectingExternal', state: 'installed-wallet', setup: announced, data: { connectorId: 'org.example.gallery' } },
  { ...wc, view: 'ConnectingWalletConnect', state: 'qr', after: paired },
  { ...wc, view: 'ConnectingWalletConnect', state: 'loading', after: () => $wcPairing.set({ status: 'loading' }) },
  { view: 'ConnectingWalletConnect', state: 'not-configured' },
  { ...wc, view: 'ConnectingWalletConnectBasic', state: 'default', wallets: fixtureWallets(12), after: paired },
  { view: 'ApproveInWallet', state: 'default', connected: true },
  { view: 'WalletReceive', state: 'default', connected: true },
  { view: 'ProfileWallets', state: 'default', connected: true },
  { view: 'SwitchNetwork', state: 'default', connected: true },
  { view: 'SwitchActiveChain', state: 'default', connected: true, data: { network: 'eip155:1' } },
  { view: 'UnsupportedChain', state: 'default', connected: true },
];
