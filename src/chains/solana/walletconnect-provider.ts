/**
 * A `SolanaProvider` (../solana/provider.ts) over the solana namespace of one WalletConnect
 * session: the Solana adapter speaks to it as to any other Solana wallet. Requests go to the
 * wallet over the relay on the session's topic (WalletConnect's Solana JSON-RPC methods):
 *
 * - solana_signMessage `{ message: base58, pubkey }` -> `{ signature: base58 }`
 * - solana_signTransaction `{ transaction: base64 }` -> `{ transaction: base64 }` (the signed
 *   transaction) and/or `{ signature: base58 }` (the signer's signature, put in its slot here)
 * - solana_signAndSendTransaction `{ transaction: base64, sendOptions }` -> `{ signature: base58 }`
 *
 * A malformed reply is a WalletRequestError naming the method; the wallet's JSON-RPC errors are
 * typed by code (4001, and WalletConnect's 5000 'User rejected.', are UserRejectedRequestError).
 * `disconnect()` does nothing: the session is shared with the other namespaces and its owner
 * ends it. Session updates and accountsChanged events follow into `onAccountsChanged`; the
 * session's delete or expiry is an empty account list.
 */
import {
  ChainDisconnectedError,
  ProviderDisconnectedError,
  toRpcError,
  UserRejectedRequestError,
  WalletConnectSessionError,
  WalletRequestError,
  type W3Error,
} from '../../core/errors.js';
import { networks } from '../../wire/networks.js';
import type { SolanaProvider, SolanaSendOptions } from './provider.js';
import type { WcSignClient } from '../../adapters/walletconnect/client.js';
import { PendingRequests, type PendingWalletRequest } from '../../adapters/walletconnect/pending.js';
import type { WcClientLike, WcSessionLike } from '../../adapters/walletconnect/namespaces.js';
import { sessionAccounts } from '../walletconnect-accounts.js';
import {
  base58Decode,
  base58Encode,
  base64Decode,
  base64Encode,
  isSolanaAddress,
  transactionLayout,
  withSignature,
} from './walletconnect-codec.js';

/** Wallet Standard chain names and the CAIP-2 ids of their presets. */
const STANDARD_CHAINS: Record<string, string> = {
  'solana:mainnet': networks.solana.caipNetworkId,
  'solana:devnet': networks.solanaDevnet.caipNetworkId,
  'solana:testnet': networks.solanaTestnet.caipNetworkId,
  'solana:localnet': networks.solanaLocal.caipNetworkId,
};
const MAX_EVENT_ACCOUNTS = 32;

export interface WcSolanaProviderOptions {
  /** The wallet's name (default: the session peer's, else 'WalletConnect'). */
  name?: string;
  /** Sees the oldest request waiting for the person in the wallet, undefined when none. */
  onPending?(pending: PendingWalletRequest | undefined): void;
}

/** The provider, plus what the session's owner needs to stop it. */
export interface WcSolanaProvider extends SolanaProvider {
  readonly topic: string;
  /** The CAIP-2 id its accounts and its message signatures are on. */
  readonly chain: string;
  /** Whether the session ended (deleted, expired, or `end()`). */
  readonly isClosed: boolean;
  /** Stops following the session; waiting requests fail, listeners get an empty account list. Idempotent. */
  end(): void;
}

type Session = WcSessionLike & { peer?: { metadata?: { name?: unknown } } };

function malformed(method: string, reply: unknown): W3Error {
  return new WalletRequestError(`The wallet answered ${method} with a malformed reply`, {
    details: JSON.stringify(reply)?.slice(0, 200) ?? String(reply),
  });
}

function badInput(what: string): W3Error {
  return new WalletRequestError(what);
}

/** The signature (64 bytes) in a reply's `signature` field; undefined when there is none that is one. */
function signatureOf(reply: unknown): Uint8Array | undefined {
  const text = (reply as { signature?: unknown } | null)?.signature;
  const bytes = typeof text === 'string' && text.length <= 100 ? base58Decode(text) : undefined;
  return bytes?.length === 64 ? bytes : undefined;
}

const signed = (signature: Uint8Array | undefined): boolean => !!signature && signature.some((b) => b !== 0);

/**
 * A Solana provider over `session`'s solana namespace; `chainCaipId` (`solana:<genesis prefix>`)
 * is the chain whose accounts it gives and on which messages are signed. Transactions go to the
 * chain they are for (a Wallet Standard name or a CAIP-2 id), which the session must approve.
 */
export function createWcSolanaProvider(
  wcClient: WcSignClient | WcClientLike,
  session: Session,
  chainCaipId: string,
  options: WcSolanaProviderOptions = {},
): WcSolanaProvider {
  const client = wcClient as WcClientLike;
  const topic = session.topic;
  let namespaces = session.namespaces;
  let closed = false;
  const listeners = new Set<(accounts: string[]) => void>();
  const pending = new PendingRequests((p) => options.onPending?.(p));
  const accountsOn = (chain: string): string[] => sessionAccounts({ namespaces }, [chain]).solana?.accounts ?? [];
  const onChain = (chain: string): boolean => sessionAccounts({ namespaces }, [chain]).solana?.chainId === chain.slice(7);
  if (!chainCaipId.startsWith('solana:') || !onChain(chainCaipId)) {
    throw new WalletConnectSessionError(`The wallet approved no solana account on ${chainCaipId}`);
  }
  let accounts = accountsOn(chainCaipId);
  const peerName = session.peer?.metadata?.name;
  const name = options.name ?? (typeof peerName === 'string' && peerName ? peerName : 'WalletConnect');

  const emit = (list: string[]): void => {
    for (const listener of [...listeners]) {
      try {
        listener([...list]);
      } catch {
        // a listener's failure is its own
      }
    }
  };

  const onUpdate = (p: { topic: string; params: { namespaces: WcSessionLike['namespaces'] } }): void => {
    if (p.topic !== topic || closed || !p.params?.namespaces) return;
    namespaces = p.params.namespaces;
    const next = accountsOn(chainCaipId);
    if (next.join() === accounts.join()) return;
    accounts = next;
    emit(accounts);
  };
  const onEvent = (p: { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }): void => {
    const { event, chainId } = p.params ?? {};
    if (p.topic !== topic || closed || event?.name !== 'accountsChanged' || !String(chainId).startsWith('solana:')) return;
    const data = event.data;
    if (!Array.isArray(data)) return;
    const list = data
      .slice(0, MAX_EVENT_ACCOUNTS)
      .map((a: unknown) => (typeof a === 'string' ? a.slice(a.lastIndexOf(':') + 1) : ''))
      .filter(isSolanaAddress);
    if (list.length === 0 && data.length > 0) return;
    accounts = [...new Set(list)];
    emit(accounts);
  };
  const onEnd = (p: { topic: string }): void => {
    if (p.topic === topic) end();
  };
  client.on('session_update', onUpdate);
  client.on('session_event', onEvent);
  client.on('session_delete', onEnd);
  client.on('session_expire', onEnd);

  function end(): void {
    if (closed) return;
    closed = true;
    client.off('session_update', onUpdate);
    client.off('session_event', onEvent);
    client.off('session_delete', onEnd);
    client.off('session_expire', onEnd);
    pending.failAll(new ProviderDisconnectedError('Provider disconnected'));
    accounts = [];
    emit([]);
    listeners.clear();
  }

  /** The CAIP-2 id of a request's chain, which the session must approve. */
  const chainFor = (chain: string): string => {
    const id = STANDARD_CHAINS[chain] ?? chain;
    if (id.startsWith('solana:') && onChain(id)) return id;
    throw new ChainDisconnectedError('Chain is not supported', {
      messageCode: 'ChainNotSupportedError',
      details: `The wallet approved no solana account on ${chain} in this session`,
    });
  };

  const ask = (method: string, chain: string, params: unknown): Promise<unknown> => {
    if (closed) return Promise.reject(new ProviderDisconnectedError('Provider disconnected'));
    const sent = client.request({ topic, chainId: chain, request: { method, params } }).catch((err: unknown) => {
      const code = (err as { code?: unknown } | null)?.code;
      if (code === 5000) throw new UserRejectedRequestError(undefined, { cause: err });
      throw toRpcError(err);
    });
    return pending.track(method, sent);
  };

  const checkAddress = (address: string): void => {
    if (!isSolanaAddress(address)) throw badInput(`Not a Solana address: ${String(address).slice(0, 60)}`);
  };
  const checkTransaction = (transaction: Uint8Array, signer: string): void => {
    const layout = transaction instanceof Uint8Array ? transactionLayout(transaction) : undefined;
    if (!layout) throw badInput('Not a serialized Solana transaction');
    if (!layout.signers.includes(signer)) throw badInput(`${signer} is not a signer of this transaction`);
  };

  return {
    name,
    topic,
    chain: chainCaipId,
    get isClosed() {
      return closed;
    },
    end,

    async connect({ silent }) {
      if (closed) {
        if (silent) return [];
        throw new ProviderDisconnectedError('Provider disconnected');
      }
      return [...accounts];
    },

    async disconnect() {
      // The session is shared with the other namespaces: its owner ends it (client.disconnect).
    },

    async signMessage(address, message) {
      checkAddress(address);
      if (!(message instanceof Uint8Array)) throw badInput('The message to sign must be bytes');
      const reply = await ask('solana_signMessage', chainCaipId, { message: base58Encode(message), pubkey: address });
      const signature = signatureOf(reply);
      if (!signature) throw malformed('solana_signMessage', reply);
      return signature;
    },

    async signTransaction(address, transaction, chain) {
      checkAddress(address);
      checkTransaction(transaction, address);
      const reply = await ask('solana_signTransaction', chainFor(chain), { transaction: base64Encode(transaction) });
      const text = (reply as { transaction?: unknown } | null)?.transaction;
      if (typeof text === 'string') {
        const bytes = base64Decode(text);
        const layout = bytes && transactionLayout(bytes);
        const index = layout ? layout.signers.indexOf(address) : -1;
        if (!bytes || !layout || !signed(layout.signatures[index])) throw malformed('solana_signTransaction', reply);
        return bytes;
      }
      const signature = signatureOf(reply);
      const out = signature && signed(signature) ? withSignature(transaction, address, signature) : undefined;
      if (!out) throw malformed('solana_signTransaction', reply);
      return out;
    },

    async signAndSendTransaction(address, transaction, chain, sendOptions?: SolanaSendOptions) {
      checkAddress(address);
      checkTransaction(transaction, address);
      const params = { transaction: base64Encode(transaction), ...(sendOptions ? { sendOptions } : {}) };
      const reply = await ask('solana_signAndSendTransaction', chainFor(chain), params);
      const signature = signatureOf(reply);
      if (!signature || !signed(signature)) throw malformed('solana_signAndSendTransaction', reply);
      return signature;
    },

    onAccountsChanged(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
