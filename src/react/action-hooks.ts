/**
 * React hooks for the wallet actions of the instance: disconnect, sign a message, send a
 * transaction, send a batch of calls (EIP-5792). Each gives the action and its last outcome `{ data, error, isPending }`.
 *
 * The action never rejects (an `onClick={() => signMessage('hi')}` leaves no unhandled
 * rejection): it resolves with the result, or with `undefined` when it failed, and the failure is
 * `error`. Only the latest call writes the state, and nothing is written after unmount.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChainNamespace } from '../core/caip.js';
import {
  getInstance,
  type Eip155TransactionRequest,
  type SendCallsRequest,
  type SendTransactionOptions,
  type SolanaTransferRequest,
  type WalletActionOptions,
} from '../instance.js';

interface ActionState<T> {
  data: T | undefined;
  error: Error | undefined;
  isPending: boolean;
}

const IDLE = { data: undefined, error: undefined, isPending: false } as const;

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** `run` as a never-rejecting action with its state; `run` must be stable. */
function useAction<A extends unknown[], T>(run: (...args: A) => Promise<T>): [(...args: A) => Promise<T | undefined>, ActionState<T>] {
  const [state, setState] = useState<ActionState<T>>(IDLE);
  const live = useRef(true);
  const latest = useRef(0);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const call = useCallback(
    async (...args: A): Promise<T | undefined> => {
      const id = ++latest.current;
      const write = (next: ActionState<T>): void => {
        if (live.current && id === latest.current) setState(next);
      };
      write({ data: undefined, error: undefined, isPending: true });
      try {
        const data = await run(...args);
        write({ data, error: undefined, isPending: false });
        return data;
      } catch (err) {
        write({ data: undefined, error: toError(err), isPending: false });
        return undefined;
      }
    },
    [run],
  );
  return [call, state];
}

export interface UseW3DisconnectResult {
  /** Disconnects `namespace`'s wallet, or every wallet without one; resolves when done (never rejects). */
  disconnect: (namespace?: ChainNamespace) => Promise<void>;
  isPending: boolean;
  error: Error | undefined;
}

export interface UseW3SignMessageResult {
  /** Asks the wallet of `options.namespace` (default: the active one) to sign; the signature, or undefined when it failed. */
  signMessage: (message: string, options?: WalletActionOptions) => Promise<string | undefined>;
  /** The last signature. */
  data: string | undefined;
  error: Error | undefined;
  isPending: boolean;
}

export interface UseW3SendTransactionResult {
  /** Asks the wallet to send `tx`; the transaction hash (a Solana signature), or undefined when it failed. */
  sendTransaction: (tx: Eip155TransactionRequest | SolanaTransferRequest, options?: SendTransactionOptions) => Promise<string | undefined>;
  /** The hash of the last transaction sent. */
  data: string | undefined;
  error: Error | undefined;
  isPending: boolean;
}

export interface UseW3SendCallsResult {
  /** Asks the eip155 wallet to send the batch (wallet_sendCalls); its `{ id }`, or undefined when it failed. */
  sendCalls: (request: SendCallsRequest, options?: WalletActionOptions) => Promise<{ id: string } | undefined>;
  /** The id of the last batch sent. */
  data: { id: string } | undefined;
  error: Error | undefined;
  isPending: boolean;
}

const runSendCalls = (request: SendCallsRequest, options?: WalletActionOptions) => getInstance().sendCalls(request, options);
const runDisconnect = (namespace?: ChainNamespace): Promise<void> => getInstance().disconnect(namespace);
const runSign = (message: string, options?: WalletActionOptions): Promise<string> => getInstance().signMessage(message, options);
const runSend = (tx: Eip155TransactionRequest | SolanaTransferRequest, options?: SendTransactionOptions): Promise<string> =>
  getInstance().sendTransaction(tx, options);

/** `{ disconnect, isPending, error }`: the instance's disconnect with its state. */
export function useW3Disconnect(): UseW3DisconnectResult {
  const [call, { isPending, error }] = useAction(runDisconnect);
  return useMemo(() => ({ disconnect: async (ns?: ChainNamespace) => void (await call(ns)), isPending, error }), [call, isPending, error]);
}

/** `{ signMessage, data, error, isPending }`: the instance's signMessage with its state. */
export function useW3SignMessage(): UseW3SignMessageResult {
  const [signMessage, { data, error, isPending }] = useAction(runSign);
  return useMemo(() => ({ signMessage, data, error, isPending }), [signMessage, data, error, isPending]);
}

/** `{ sendTransaction, data, error, isPending }`: the instance's sendTransaction with its state (`data` is the hash). */
export function useW3SendTransaction(): UseW3SendTransactionResult {
  const [sendTransaction, { data, error, isPending }] = useAction(runSend);
  return useMemo(() => ({ sendTransaction, data, error, isPending }), [sendTransaction, data, error, isPending]);
}

/** `{ sendCalls, data, error, isPending }`: the instance's sendCalls (EIP-5792) with its state (`data` is `{ id }`). */
export function useW3SendCalls(): UseW3SendCallsResult {
  const [sendCalls, { data, error, isPending }] = useAction(runSendCalls);
  return useMemo(() => ({ sendCalls, data, error, isPending }), [sendCalls, data, error, isPending]);
}
