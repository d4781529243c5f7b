/**
 * What the relay keeps, read as it is stored, on either engine: every message with its sender's
 * address and size, the receipts, and the subscriptions (expired rows included until they are
 * pruned or swept). For an operator's look at a relay's data and for the tests that check what a
 * rule left behind; the relay itself reads through ./relay-mailbox.ts and
 * ./relay-subscriptions.ts, which answer its own questions (one topic, one client id) cheaply.
 */
import type { Storage } from './engine.js';
import type { MailboxMessage } from './relay-mailbox.js';

export interface StoredRelayMessage extends MailboxMessage {
  /** The quota key of the address it came from. */
  senderIp: string;
  /** Bytes of topic, message and attestation in UTF-8. */
  size: number;
}

export interface StoredSubscription {
  clientId: string;
  topic: string;
  /** The quota key of the address that made it ('' for one from before the relay counted addresses). */
  ip: string;
  /** Milliseconds since the epoch. */
  subscribedAt: number;
  expiresAt: number;
}

export interface RelayContents {
  /** Every stored message, in mailbox (id) order. */
  messages(): Promise<StoredRelayMessage[]>;
  /** How many receipts (a message received by a client id) are kept. */
  deliveries(): Promise<number>;
  /** Every subscription, by client id then topic. */
  subscriptions(): Promise<StoredSubscription[]>;
}

export function relayContents({ db }: Storage): RelayContents {
  return {
    async messages() {
      const rows = await db.selectFrom('relay_messages').selectAll().orderBy('id').execute();
      return rows.map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        message: r.message,
        tag: Number(r.tag),
        attestation: r.attestation,
        senderClientId: r.sender_client_id,
        publishedAt: Number(r.published_at),
        expiresAt: Number(r.expires_at),
        senderIp: r.sender_ip,
        size: Number(r.size),
      }));
    },
    async deliveries() {
      const row = await db
        .selectFrom('relay_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async subscriptions() {
      const rows = await db.selectFrom('relay_subscriptions').selectAll().orderBy('client_id').orderBy('topic').execute();
      return rows.map((r) => ({
        clientId: r.client_id,
        topic: r.topic,
        ip: r.ip,
        subscribedAt: Number(r.subscribed_at),
        expiresAt: Number(r.expires_at),
      }));
    },
  };
}
