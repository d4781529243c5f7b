/**
 * Whether the relay takes a publish: counted against the quotas (quota.ts, all or nothing) and
 * the storage cap. When the store cannot take its bytes, the expired messages are pruned and,
 * unless a quota refuses it anyway (nothing is evicted for a refused publish), the heaviest
 * senders' oldest unfetched messages evicted (retention.ts); then it is refused with storage full.
 */
import type { Connection } from './connection.js';
import { publishedBytes, RelayRpcError, RPC_ERRORS, type PublishParams, type RelayLimits } from './protocol.js';
import type { RelayQuotas } from './quota.js';
import type { RelayRetention } from './retention.js';
import type { RelayStore } from './store.js';

interface Admitting {
  readonly limits: RelayLimits;
  readonly store: RelayStore;
  readonly quotas: RelayQuotas;
  readonly retention: RelayRetention;
}

/** Counts `list`, about to be published from `conn`; a RelayRpcError when it would pass a quota or the store cannot take it. */
export async function admit(
  { limits, store, quotas, retention }: Admitting,
  conn: Connection,
  list: readonly PublishParams[],
): Promise<void> {
  const bytes = list.reduce((n, p) => n + publishedBytes(p), 0);
  const fits = () => store.storedBytes() + bytes <= limits.maxStoredBytes;
  if (!fits()) {
    await store.prune();
    if (!fits()) await quotas.check(conn.clientId, conn.ip, list.length, bytes);
    if (!fits() && !(await retention.makeRoom(bytes)).fits) {
      throw new RelayRpcError(
        RPC_ERRORS.storageFull,
        `The relay's storage is full: it keeps at most ${limits.maxStoredBytes} bytes of messages; retry once some expire`,
      );
    }
  }
  await quotas.take(conn.clientId, conn.ip, list.length, bytes);
}
