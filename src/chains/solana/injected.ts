/**
 * Injected `window.phantom.solana` / `window.solana`-style providers (the fallback when a wallet
 * does not speak the Wallet Standard) as a SolanaProvider: `connect({ onlyIfTrusted })`,
 * `signMessage`, `signTransaction` and `signAndSendTransaction` on web3.js transaction objects
 * (@solana/web3.js is loaded only when a transaction is signed), `publicKey`, and the
 * 'accountChanged' and 'disconnect' events.
 */
import { isAddress } from './address.js';
import { base58Decode } from '../../wire/base58.js';
import type { SolanaProvider } from './provider.js';
import { malformed } from './wallet-errors.js';
import { loadWeb3 } from './web3.js';

type Listener = (...args: unknown[]) => void;

export interface InjectedSolana {
  publicKey?: unknown;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<unknown>;
  disconnect?(): Promise<void>;
  signMessage(message: Uint8Array, display?: string): Promise<unknown>;
  signTransaction(transaction: unknown): Promise<unknown>;
  signAndSendTransaction?(transaction: unknown, options?: unknown): Promise<unknown>;
  on?(event: string, listener: Listener): unknown;
  off?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
}

/** Whether `value` looks like an injected Solana provider (connect, signMessage, signTransaction). */
export function isInjectedSolana(value: unknown): value is InjectedSolana {
  const v = value as Partial<InjectedSolana> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.connect === 'function' &&
    typeof v.signMessage === 'function' &&
    typeof v.signTransaction === 'function'
  );
}

/** A public key object (toBase58) or string as a base58 address; undefined for anything else. */
export function addressOf(key: unknown): string | undefined {
  let text: unknown = key;
  if (typeof key === 'object' && key !== null) {
    const k = key as { toBase58?: () => unknown; toString: () => unknown };
    text = typeof k.toBase58 === 'function' ? k.toBase58() : k.toString();
  }
  return typeof text === 'string' && isAddress(text) ? text : undefined;
}

async function toTransaction(bytes: Uint8Array): Promise<{ serialize(): Uint8Array }> {
  const { VersionedTransaction } = await loadWeb3();
  return VersionedTransaction.deserialize(bytes);
}

function serialized(method: string, tx: unknown): Uint8Array {
  const serialize = (tx as { serialize?: unknown } | null)?.serialize;
  if (typeof serialize !== 'function') throw malformed(method, 'expected a transaction');
  const out: unknown = serialize.call(tx, { requireAllSignatures: false, verifySignatures: false });
  if (!(out instanceof Uint8Array)) throw malformed(method, 'the transaction does not serialize');
  return Uint8Array.from(out);
}

export function wrapInjected(injected: InjectedSolana, name: string): SolanaProvider {
  const provider: SolanaProvider = {
    name,
    async connect({ silent }) {
      let reply: unknown;
      try {
        reply = await injected.connect(silent ? { onlyIfTrusted: true } : undefined);
      } catch (err) {
        if (silent) return [];
        throw err;
      }
      const address = addressOf((reply as { publicKey?: unknown } | null)?.publicKey) ?? addressOf(injected.publicKey);
      if (!address) {
        if (silent) return [];
        throw malformed('connect', 'no public key');
      }
      return [address];
    },
    async disconnect() {
      await injected.disconnect?.();
    },
    async signMessage(_address, message) {
      const reply = await injected.signMessage(message, 'utf8');
      const signature = (reply as { signature?: unknown } | null)?.signature ?? reply;
      if (!(signature instanceof Uint8Array)) throw malformed('signMessage', 'the signature is not bytes');
      return signature;
    },
    async signTransaction(_address, transaction) {
      return serialized('signTransaction', await injected.signTransaction(await toTransaction(transaction)));
    },
    onAccountsChanged(listener) {
      const onAccount: Listener = (key) => {
        const address = addressOf(key);
        listener(address ? [address] : []);
      };
      const onDisconnect: Listener = () => listener([]);
      injected.on?.('accountChanged', onAccount);
      injected.on?.('disconnect', onDisconnect);
      return () => {
        const off = (injected.off ?? injected.removeListener)?.bind(injected);
        off?.('accountChanged', onAccount);
        off?.('disconnect', onDisconnect);
      };
    },
  };
  if (typeof injected.signAndSendTransaction === 'function') {
    const send = injected.signAndSendTransaction.bind(injected);
    provider.signAndSendTransaction = async (_address, transaction, _chain, options) => {
      const reply = await send(await toTransaction(transaction), options);
      const text = (reply as { signature?: unknown } | null)?.signature;
      const signature = typeof text === 'string' ? base58Decode(text) : text instanceof Uint8Array ? text : undefined;
      if (!signature || signature.length !== 64) throw malformed('signAndSendTransaction', 'expected a base58 signature');
      return signature;
    };
  }
  return provider;
}
