/**
 * The embedded wallet's `SolanaProvider` (../solana/provider.ts): the Solana adapter speaks to it
 * as to any Solana wallet. The frame signs (after the user approves inside it):
 *
 * - solana_signMessage `{ message: base58, pubkey }` -> `{ signature: base58 }`
 * - solana_signTransaction `{ transaction: base64 }` -> `{ transaction: base64 }` (signed)
 * - solana_signAndSendTransaction `{ transaction: base64, options? }` -> `{ signature: base58 }`
 *
 * A malformed reply is a WalletRequestError naming the method.
 */
import { WalletRequestError } from '../../core/errors.js';
import { caipIdOfWalletChain } from './chains.js';
import type { SolanaProvider, SolanaSendOptions } from './provider.js';
import { base58Decode, base58Encode, base64Decode, base64Encode } from './walletconnect-codec.js';
import { frameRpc, type ApprovalHook, type FrameRequester } from '../../adapters/auth/frame-rpc.js';

export interface AuthSolanaProvider extends SolanaProvider {
  /** Sets the user's address (undefined: logged out; listeners get []). */
  setAccount(address: string | undefined): void;
}

export interface AuthSolanaOptions {
  frame: FrameRequester;
  /** The user's solana address (GetUser). */
  address: string | undefined;
  /** The CAIP-2 id of the active Solana network (used when a call names no chain). */
  chainId: () => string;
  onApproval?: ApprovalHook;
}

function field(method: string, reply: unknown, key: 'signature' | 'transaction'): string {
  const value = typeof reply === 'object' && reply !== null ? (reply as Record<string, unknown>)[key] : undefined;
  if (typeof value !== 'string') throw new WalletRequestError(`Malformed ${method} reply`, { details: `Expected { ${key} }` });
  return value;
}

function signatureOf(method: string, reply: unknown): Uint8Array {
  const bytes = base58Decode(field(method, reply, 'signature'));
  if (!bytes || bytes.length !== 64) throw new WalletRequestError(`Malformed ${method} reply`, { details: 'Not a 64-byte signature' });
  return bytes;
}

export function createAuthSolanaProvider(options: AuthSolanaOptions): AuthSolanaProvider {
  let address = options.address;
  const listeners = new Set<(accounts: string[]) => void>();
  const chainOf = (chain: string | undefined): string => (chain && caipIdOfWalletChain(chain)) || options.chainId();
  const rpc = (method: string, params: Record<string, unknown>, chain?: string): Promise<unknown> =>
    frameRpc(options.frame, options.onApproval, { namespace: 'solana', chainId: chainOf(chain), method, params });

  return {
    name: 'Email',
    connect: async () => (address ? [address] : []),
    disconnect: async () => undefined,
    async signMessage(from, message) {
      return signatureOf('solana_signMessage', await rpc('solana_signMessage', { message: base58Encode(message), pubkey: from }));
    },
    async signTransaction(_from, transaction, chain) {
      const reply = await rpc('solana_signTransaction', { transaction: base64Encode(transaction) }, chain);
      const signed = base64Decode(field('solana_signTransaction', reply, 'transaction'));
      if (!signed) throw new WalletRequestError('Malformed solana_signTransaction reply', { details: 'Not base64' });
      return signed;
    },
    async signAndSendTransaction(_from, transaction, chain, sendOptions?: SolanaSendOptions) {
      const params = { transaction: base64Encode(transaction), ...(sendOptions ? { options: sendOptions } : {}) };
      return signatureOf('solana_signAndSendTransaction', await rpc('solana_signAndSendTransaction', params, chain));
    },
    onAccountsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setAccount(next) {
      if (next === address) return;
      address = next;
      for (const listener of [...listeners]) listener(next ? [next] : []);
    },
  };
}
