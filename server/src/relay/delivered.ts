/**
 * Messages as the relay hands them to a client: the shape irn_subscription and
 * irn_fetchMessages give, and a fetch's page of what a client has not yet received, read from
 * the store in small pages so a long mailbox is never read whole.
 */
import { publishedBytes } from './protocol.js';
import type { RelayStore, StoredMessage } from './store.js';

/** One message as irn_subscription and irn_fetchMessages give it. */
export interface DeliveredMessage {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  attestation?: string;
}

/** Messages returned by one irn_fetchMessages / irn_batchFetchMessages call. */
export const FETCH_PAGE = 500;
/** Bytes (topic, message, attestation) of the messages of one fetch reply, past its first message. */
export const FETCH_PAGE_BYTES = 4 * 1024 * 1024;
/**
 * Messages read from the database at once when pushing a topic's backlog to a socket: few, so a
 * socket that blocks after one or two large messages leaves little read for nothing (a message
 * is up to 256 KiB).
 */
export const STORE_PAGE = 4;
/** Messages read at once for a fetch reply (bounded by FETCH_PAGE and FETCH_PAGE_BYTES anyway). */
const FETCH_STORE_PAGE = 64;

export function delivered(m: StoredMessage): DeliveredMessage {
  const entry: DeliveredMessage = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag };
  if (m.attestation) entry.attestation = m.attestation;
  return entry;
}

/**
 * Undelivered messages of `topics` for `clientId`, marked delivered to it (written before it
 * settles): up to FETCH_PAGE, and past the first up to FETCH_PAGE_BYTES; `hasMore` when some are left.
 */
export async function fetchPending(
  store: RelayStore,
  clientId: string,
  topics: string[],
): Promise<{ messages: DeliveredMessage[]; hasMore: boolean }> {
  const messages: DeliveredMessage[] = [];
  const ids: number[] = [];
  let bytes = 0;
  const reply = async (hasMore: boolean) => {
    await store.markDelivered(ids, clientId);
    return { messages, hasMore };
  };
  for (const topic of topics) {
    let after = 0;
    for (;;) {
      const page = await store.pending(topic, clientId, FETCH_STORE_PAGE, after);
      for (const m of page) {
        const size = publishedBytes({ ...m, attestation: m.attestation ?? undefined });
        if (messages.length >= FETCH_PAGE || (messages.length && bytes + size > FETCH_PAGE_BYTES)) return reply(true);
        ids.push(m.id);
        messages.push(delivered(m));
        bytes += size;
        after = m.id;
      }
      if (page.length < FETCH_STORE_PAGE) break;
    }
  }
  return reply(false);
}
