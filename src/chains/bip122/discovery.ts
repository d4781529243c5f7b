/**
 * Finds the page's Bitcoin wallets (a small module: no optional peer): Wallet Standard wallets
 * (../wallet-standard-discovery.ts) kept when they have `bitcoin:connect` and
 * `bitcoin:signMessage` or `bitcoin:signTransaction`.
 *
 * Ids: `wallet-standard:<name>` (lower case), stable across reloads; a wallet that is also an EVM
 * or Solana wallet under the same name is one row in Connect (the stores merge by name). At most
 * MAX_BITCOIN_WALLETS. Most Wallet Standard wallets are not Bitcoin ones: only one with
 * `bitcoin:connect` and no way to sign is told to `onBad`; discovery never throws.
 */
import type { Wallet } from '@wallet-standard/base';
import type { AdapterDiscovery, AdapterWallet } from '../types.js';
import { readStandardWallet, standardWalletDiscovery, type StandardWalletKind } from '../wallet-standard-discovery.js';
import type { BitcoinProvider } from './provider.js';
import { FEATURES, wrapBitcoinWallet } from './wallet-standard.js';

export const MAX_BITCOIN_WALLETS = 50;

const BITCOIN: StandardWalletKind<BitcoinProvider> = {
  max: MAX_BITCOIN_WALLETS,
  connect: FEATURES.connect,
  sign: [FEATURES.signMessage, FEATURES.signTransaction],
  cannotSign: 'cannot sign bitcoin',
  isBad: (reason) => reason.endsWith('cannot sign bitcoin'),
  wrap: wrapBitcoinWallet,
};

/** Reads a Wallet Standard wallet (each getter once); a reason string when it is not a usable Bitcoin wallet. */
export function readBitcoinWallet(wallet: Wallet): AdapterWallet<BitcoinProvider> | string {
  return readStandardWallet(wallet, BITCOIN);
}

export const watchBitcoinWallets: AdapterDiscovery<BitcoinProvider> = standardWalletDiscovery(BITCOIN);
