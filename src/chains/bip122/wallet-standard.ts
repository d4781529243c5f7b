/**
 * A Wallet Standard Bitcoin wallet (the features of @exodus/bitcoin-wallet-standard) as a
 * BitcoinProvider: `bitcoin:connect` with the purposes payment and ordinals (a restore reads the
 * wallet's authorised `accounts` instead: the feature has no silent mode), `standard:disconnect`
 * when it has it, `standard:events` 'change' for its accounts, `bitcoin:signMessage` (raw bytes
 * in, the signature's bytes out) and `bitcoin:signTransaction` (the PSBT's bytes and the inputs
 * each account signs). What all Wallet Standard wallets share is ../wallet-standard-link.ts.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { currentAccounts, linkStandardWallet, method } from '../wallet-standard-link.js';
import { isAddress } from './address.js';
import type { BitcoinProvider } from './provider.js';
import { malformed } from './wallet-errors.js';

export const FEATURES = {
  connect: 'bitcoin:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'bitcoin:signMessage',
  signTransaction: 'bitcoin:signTransaction',
} as const;

/** The accounts a connect asks for, in this order: the payment address is the active account. */
export const PURPOSES = ['payment', 'ordinals'] as const;

/** The Bitcoin accounts of a reply (accounts whose address is a Bitcoin address); a reply that is not a list is malformed. */
function bitcoinAccounts(method: string, accounts: unknown): WalletAccount[] {
  if (!Array.isArray(accounts)) throw malformed(method, `expected a list of accounts, got ${typeof accounts}`);
  const out: WalletAccount[] = [];
  for (const account of accounts.slice(0, 20) as unknown[]) {
    const address = (account as Partial<WalletAccount> | null)?.address;
    if (typeof address === 'string' && isAddress(address) && !out.some((a) => a.address === address)) out.push(account as WalletAccount);
  }
  return out;
}

/** Wraps a Wallet Standard Bitcoin wallet (already checked by discovery) into a BitcoinProvider. */
export function wrapBitcoinWallet(wallet: Wallet, name: string): BitcoinProvider {
  const link = linkStandardWallet(wallet, bitcoinAccounts);
  return {
    name,
    async connect({ silent }) {
      if (silent) return link.remember('accounts', currentAccounts(wallet));
      const reply = await method(wallet, FEATURES.connect, 'connect')({ purposes: [...PURPOSES] });
      return link.remember(FEATURES.connect, (reply as { accounts?: unknown } | null)?.accounts);
    },
    disconnect: () => link.disconnect(),
    signMessage: (address, message) =>
      link.sign(FEATURES.signMessage, 'signMessage', () => ({ account: link.account(address), message }), 'signature', 1),
    async signPsbt(psbt, inputs, chain) {
      const inputsToSign = inputs.map((input) => ({ account: link.account(input.address), signingIndexes: [...input.indexes] }));
      const input = { psbt, inputsToSign, ...(chain ? { chain } : {}) };
      return link.sign(FEATURES.signTransaction, 'signTransaction', () => input, 'signedPsbt', 1);
    },
    onAccountsChanged: (listener) => link.onAccountsChanged(listener),
  };
}
