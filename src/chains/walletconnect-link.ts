/**
 * What a namespace's provider over one WalletConnect session shares with the others (bip122,
 * solana): it follows the session on the client (its updates, the wallet's events, its delete or
 * expiry), sends requests on the session's topic (WalletConnect's 5000 'User rejected.' is
 * UserRejectedRequestError, other JSON-RPC errors are typed by code; a request the person
 * answers is tracked for `onPending`), tells the accounts to `onAccountsChanged` listeners, and
 * gives the provider's common part: `connect` returns the accounts (none once the session
 * ended), `disconnect()` does nothing (the session is shared with the other namespaces and its
 * owner ends it), `end()` stops following it. The namespace reads its accounts and events.
 */
import { ProviderDisconnectedError, toRpcError, UserRejectedRequestError, WalletRequestError, type W3Error } from '../core/errors.js';
import type { WcClientLike, WcSessionLike } from '../adapters/walletconnect/namespaces.js';
import { PendingRequests, type PendingWalletRequest } from '../adapters/walletconnect/pending.js';
import type { WcNamespaceProvider } from './walletconnect-part.js';

export type WcLinkSession = WcSessionLike & { peer?: { metadata?: { name?: unknown } } };

export interface WcLinkOptions {
  /** The wallet's name (default: the session peer's, else 'WalletConnect'). */
  name?: string;
  /** Sees the oldest request waiting for the person in the wallet, undefined when none. */
  onPending?(pending: PendingWalletRequest | undefined): void;
}

/** What the namespace does with what the session tells (never called once it ended, except `end`). */
export interface WcLinkHandlers {
  /** A session_update: the session's namespaces now. */
  update(namespaces: WcSessionLike['namespaces']): void;
  /** A session_event the wallet sent. */
  event(event: { name?: unknown; data?: unknown }, chainId: unknown): void;
  /** The session ended (deleted, expired, or `end()`): the accounts are none; listeners still hear this. */
  end(): void;
}

/** The part of the provider every namespace has. */
export interface WcProviderBase extends WcNamespaceProvider {
  readonly name: string;
  connect(options: { silent: boolean }): Promise<string[]>;
  disconnect(): Promise<void>;
  onAccountsChanged(listener: (accounts: string[]) => void): () => void;
}

export interface WcLink {
  readonly topic: string;
  readonly closed: boolean;
  /** Stops following the session; waiting requests fail, the handlers' `end` runs, listeners are dropped. Idempotent. */
  end(): void;
  /** Sends `method` on `chainId`; `prompts`: the person answers it (tracked for onPending). */
  ask(method: string, chainId: string, params: unknown, prompts?: boolean): Promise<unknown>;
  /** Tells each listener (a copy of) the accounts; a listener's failure is its own. */
  emit(accounts: string[]): void;
  /** The provider: the common part with the namespace's own properties (getters kept); `accounts` gives the accounts now. */
  provider<P extends WcProviderBase>(own: Omit<P, keyof WcProviderBase>, accounts: () => string[]): P;
}

/** A reply of the wrong shape: a WalletRequestError naming the method, with (the start of) the reply. */
export function malformedReply(method: string, reply: unknown): W3Error {
  return new WalletRequestError(`The wallet answered ${method} with a malformed reply`, {
    details: JSON.stringify(reply)?.slice(0, 200) ?? String(reply),
  });
}

export function linkWcSession(client: WcClientLike, session: WcLinkSession, handlers: WcLinkHandlers, options: WcLinkOptions = {}): WcLink {
  const topic = session.topic;
  let closed = false;
  const listeners = new Set<(accounts: string[]) => void>();
  const pending = new PendingRequests((p) => options.onPending?.(p));
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
    handlers.update(p.params.namespaces);
  };
  const onEvent = (p: { topic: string; params: { event: { name?: unknown; data?: unknown }; chainId: unknown } }): void => {
    const { event, chainId } = p.params ?? {};
    if (p.topic !== topic || closed || !event) return;
    handlers.event(event, chainId);
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
    handlers.end();
    listeners.clear();
  }

  const ask = (method: string, chainId: string, params: unknown, prompts = true): Promise<unknown> => {
    if (closed) return Promise.reject(new ProviderDisconnectedError('Provider disconnected'));
    const sent = client.request({ topic, chainId, request: { method, params } }).catch((err: unknown) => {
      if ((err as { code?: unknown } | null)?.code === 5000) throw new UserRejectedRequestError(undefined, { cause: err });
      throw toRpcError(err);
    });
    return prompts ? pending.track(method, sent) : sent;
  };

  return {
    topic,
    get closed() {
      return closed;
    },
    end,
    ask,
    emit,
    provider<P extends WcProviderBase>(own: Omit<P, keyof WcProviderBase>, accounts: () => string[]): P {
      const base: WcProviderBase = {
        name,
        topic,
        get isClosed() {
          return closed;
        },
        end,
        async connect({ silent }) {
          if (closed) {
            if (silent) return [];
            throw new ProviderDisconnectedError('Provider disconnected');
          }
          return [...accounts()];
        },
        async disconnect() {
          // The session is shared with the other namespaces: its owner ends it (client.disconnect).
        },
        onAccountsChanged(listener) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      };
      return Object.defineProperties(base, Object.getOwnPropertyDescriptors(own)) as unknown as P;
    },
  };
}
