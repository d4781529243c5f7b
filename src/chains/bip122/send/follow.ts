/**
 * Follows a broadcast transaction to its first confirmation, for the send's toast: polls
 * Esplora's /tx/{txid}/status every `intervalMs` (held between MIN_INTERVAL_MS and
 * MAX_INTERVAL_MS) until it is in a block, for at most `timeoutMs` (held under MAX_TIMEOUT_MS),
 * then FOLLOW_TIMEOUT; an abort signal stops it with FOLLOW_CANCELLED. A transaction Esplora does
 * not know yet (propagation) and a failed poll are retried on the next tick; `onStatus` hears
 * each answer.
 */
import { BitcoinSendError } from './errors.js';
import type { EsploraClient } from './esplora.js';
import type { TxStatus } from './esplora-schemas.js';

export const DEFAULT_INTERVAL_MS = 10_000;
export const MIN_INTERVAL_MS = 100;
export const MAX_INTERVAL_MS = 60_000;
/** A block comes every ten minutes on average; an hour without one is a stuck fee or a stalled API. */
export const DEFAULT_TIMEOUT_MS = 60 * 60_000;
export const MAX_TIMEOUT_MS = 24 * 60 * 60_000;

export interface Confirmation {
  txid: string;
  blockHeight: number;
  blockHash: string;
  blockTime: number | undefined;
}

export interface FollowOptions {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Each status read: unconfirmed, unknown (undefined), or the failure of a poll. */
  onStatus?(status: TxStatus | undefined, error?: unknown): void;
}

const clamp = (value: number | undefined, min: number, max: number, fallback: number) =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? value! : fallback));

export function followTransaction(client: EsploraClient, txid: string, options: FollowOptions = {}): Promise<Confirmation> {
  const interval = clamp(options.intervalMs, MIN_INTERVAL_MS, MAX_INTERVAL_MS, DEFAULT_INTERVAL_MS);
  const timeout = clamp(options.timeoutMs, 1, MAX_TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
  const { signal, onStatus } = options;
  const deadline = Date.now() + timeout;
  return new Promise<Confirmation>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = new AbortController();
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      poll.abort();
      fn();
    };
    const onAbort = () => finish(() => reject(new BitcoinSendError('FOLLOW_CANCELLED', `Stopped following ${txid}`)));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    const tick = async () => {
      let status: TxStatus | undefined;
      let error: unknown;
      try {
        status = await client.txStatus(txid, poll.signal);
      } catch (err) {
        error = err;
      }
      if (poll.signal.aborted) return;
      onStatus?.(status, error);
      if (status?.confirmed && status.block_height !== undefined && status.block_hash !== undefined) {
        const confirmation = { txid, blockHeight: status.block_height, blockHash: status.block_hash, blockTime: status.block_time };
        return finish(() => resolve(confirmation));
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        return finish(() =>
          reject(
            new BitcoinSendError('FOLLOW_TIMEOUT', `${txid} was not confirmed within ${Math.round(timeout / 1000)} s`, { cause: error }),
          ),
        );
      }
      timer = setTimeout(() => void tick(), Math.min(interval, left));
    };
    void tick();
  });
}
