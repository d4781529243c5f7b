/**
 * A Wallet Standard wallet as a SolanaProvider: `standard:connect` (silent when restoring),
 * `standard:disconnect` when it has it, `standard:events` 'change' for its accounts,
 * `solana:signMessage`, `solana:signTransaction` and, only when the wallet has it,
 * `solana:signAndSendTransaction`, each with the Wallet Standard chain name. What all Wallet
 * Standard wallets share is ../wallet-standard-link.ts. No @solana/web3.js here.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { feature, linkStandardWallet, method } from '../wallet-standard-link.js';
import { isAddress } from './address.js';
import { isSolanaChain } from './chains.js';
import type { SolanaProvider, SolanaSendOptions } from './provider.js';
import { malformed } from './wallet-errors.js';

type Connect = (input?: { silent?: boolean }) => Promise<{ accounts: readonly WalletAccount[] }>;

export const FEATURES = {
  connect: 'standard:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'solana:signMessage',
  signTransaction: 'solana:signTransaction',
  signAndSend: 'solana:signAndSendTransaction',
} as const;

/** Whether an account is a Solana one: a base58 address and a Solana chain (or no chains listed). */
function isSolanaAccount(account: unknown): account is WalletAccount {
  const acc = account as Partial<WalletAccount> | null;
  if (typeof acc?.address !== 'string' || !isAddress(acc.address)) return false;
  return !Array.isArray(acc.chains) || acc.chains.length === 0 || acc.chains.some(isSolanaChain);
}

/** The Solana accounts of a reply; a reply that is not a list is malformed. */
function solanaAccounts(method: string, accounts: unknown): WalletAccount[] {
  if (!Array.isArray(accounts)) throw malformed(method, `expected a list of accounts, got ${typeof accounts}`);
  return accounts.filter(isSolanaAccount);
}

/** Wraps a Wallet Standard wallet (already checked by discovery) into a SolanaProvider. */
export function wrapStandardWallet(wallet: Wallet, name: string): SolanaProvider {
  const link = linkStandardWallet(wallet, solanaAccounts);
  const provider: SolanaProvider = {
    name,
    async connect({ silent }) {
      const connect = method(wallet, FEATURES.connect, 'connect') as unknown as Connect;
      let reply: unknown;
      if (silent) {
        try {
          reply = await connect({ silent: true });
        } catch {
          return [];
        }
      } else {
        reply = await connect();
      }
      return link.remember(FEATURES.connect, (reply as { accounts?: unknown } | null)?.accounts);
    },
    disconnect: () => link.disconnect(),
    signMessage: (address, message) =>
      link.sign(FEATURES.signMessage, 'signMessage', () => ({ account: link.account(address), message }), 'signature'),
    signTransaction: (address, transaction, chain) =>
      link.sign(
        FEATURES.signTransaction,
        'signTransaction',
        () => ({ account: link.account(address), transaction, chain }),
        'signedTransaction',
      ),
    onAccountsChanged: (listener) => link.onAccountsChanged(listener),
  };
  if (feature(wallet, FEATURES.signAndSend)) {
    provider.signAndSendTransaction = (address: string, transaction: Uint8Array, chain: string, options?: SolanaSendOptions) =>
      link.sign(
        FEATURES.signAndSend,
        'signAndSendTransaction',
        () => ({ account: link.account(address), transaction, chain, ...(options ? { options } : {}) }),
        'signature',
      );
  }
  return provider;
}
