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

/** What JSON.stringify escapes in a string: a quote, a backslash, a control character, a lone surrogate (so a pair too, to be safe). */
// eslint-disable-next-line no-control-regex -- JSON escapes the control characters U+0000 to U+001F
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `JSON.stringify(s)` for a string, cheaper for the usual message (base64 or hex, nothing to
 * escape): one scan for what needs escaping, then the quotes around it. On Node 20 this is about
 * three times cheaper than JSON.stringify for a 1 KB message, which the relay pays once per
 * message published.
 */
export function jsonString(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** `JSON.stringify(n)` for a number: a finite one is written as String writes it, another as null. */
const jsonNumber = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

/**
 * `delivered(m)` as JSON (exactly JSON.stringify's, keys in its order), serialised once per
 * message however many sockets it is pushed to (kept on the message object).
 */
export function deliveredJson(m: StoredMessage): string {
  if (m.json !== undefined) return m.json;
  const head = `{"topic":${jsonString(m.topic)},"message":${jsonString(m.message)},"publishedAt":${jsonNumber(m.publishedAt)},"tag":${jsonNumber(m.tag)}`;
  return (m.json = m.attestation ? `${head},"attestation":${jsonString(m.attestation)}}` : `${head}}`);
}

/**
 * Undelivered messages of `topics` for `clientId`, marked delivered to it: up to FETCH_PAGE,
 * and past the first up to FETCH_PAGE_BYTES; `hasMore` when some are left. Each page is claimed
 * (storage/relay-mailbox.ts): a message goes into the reply only when this fetch marked it, so a
 * client id gets it once even from two sockets fetching at once, on one instance or two.
 */
export async function fetchPending(
  store: RelayStore,
  clientId: string,
  topics: string[],
): Promise<{ messages: DeliveredMessage[]; hasMore: boolean }> {
  const messages: DeliveredMessage[] = [];
  let bytes = 0;
  const sizeOf = (m: StoredMessage) => publishedBytes({ ...m, attestation: m.attestation ?? undefined });
  for (const topic of topics) {
    let after = 0;
    for (;;) {
      const page = await store.pending(topic, clientId, FETCH_STORE_PAGE, after);
      const fitting: StoredMessage[] = [];
      let [count, size, full] = [messages.length, bytes, false];
      for (const m of page) {
        if (count >= FETCH_PAGE || (count && size + sizeOf(m) > FETCH_PAGE_BYTES)) {
          full = true;
          break;
        }
        fitting.push(m);
        count++;
        size += sizeOf(m);
      }
      // Another socket of the client id (here or on another instance) may have taken some meanwhile.
      const claimed = await store.claim(
        fitting.map((m) => m.id),
        clientId,
      );
      for (const m of fitting.filter((m) => claimed.has(m.id))) {
        messages.push(delivered(m));
        bytes += sizeOf(m);
      }
      if (full) return { messages, hasMore: true };
      after = fitting.at(-1)?.id ?? after;
      if (page.length < FETCH_STORE_PAGE) break;
    }
  }
  return { messages, hasMore: false };
}
