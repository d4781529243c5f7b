/** What the relay reports for the metrics (ops/metrics.ts counts it); the relay knows nothing of Prometheus. */
import { RPC_ERRORS } from './protocol.js';

export interface RelayMetrics {
  /** Messages stored for delivery. */
  published(count: number): void;
  /** Messages a client acknowledged (a pushed one) or fetched. */
  delivered(count: number): void;
  /** A request a quota refused: rate_limited, storage_full or too_many_subscriptions. */
  refused(reason: string): void;
}

const REFUSALS: ReadonlyMap<number, string> = new Map([
  [RPC_ERRORS.rateLimited, 'rate_limited'],
  [RPC_ERRORS.storageFull, 'storage_full'],
  [RPC_ERRORS.tooManySubscriptions, 'too_many_subscriptions'],
]);

/** The refusal's label when a quota made the error `code`; undefined for any other error. */
export function refusalReason(code: number): string | undefined {
  return REFUSALS.get(code);
}
