/**
 * How a published message reaches the sockets it is for. In process (the default, no
 * `--redis`): the hub offers it to its own sockets at once. Through Redis pub/sub: the instance
 * that stored it (in the shared database) publishes `{ message, client ids }` on one channel;
 * every instance, itself included, offers it to the sockets it holds of those client ids. A
 * client id is pushed a message once, whichever instances hold its sockets: the instance that
 * wins `SET NX` on the message's claim for that client id pushes it. Mailboxes, TTLs and acks are
 * the database's, as before: what a socket misses waits there for its next flush or fetch.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { RedisLink } from '../redis/client.js';
import type { StoredMessage } from './store.js';

/** A message stored and the client ids it is pushed to. */
export interface Fanned {
  m: StoredMessage;
  to: string[];
}

/** The hub's side of the fan-out. */
export interface FanoutHub {
  deliver(stored: readonly Fanned[]): void;
  socketOf(clientId: string, topic: string): unknown;
}

export interface RelayFanout {
  /** This process's sockets only: no other instance subscribes or is pushed (the hub may cache subscribers). */
  inProcess?: boolean;
  /** Sends messages just stored to every instance's sockets. */
  publish(stored: readonly Fanned[]): void;
  close(): Promise<void>;
}

/** The channel every instance subscribes to. */
export const FANOUT_CHANNEL = 'w3kit:relay:fanout';
/** The claim of a message for a client id: `w3kit:relay:claim:<message id>:<client id>`. */
export const CLAIM_PREFIX = 'w3kit:relay:claim:';
/** A claim outlives the message's TTL by at most this much, and lives at least this long. */
const MIN_CLAIM_MS = 1000;

/** Today's behaviour: this process's sockets only. */
export function inProcessFanout(hub: FanoutHub): RelayFanout {
  return { inProcess: true, publish: (stored) => hub.deliver(stored), close: async () => undefined };
}

const messageSchema = z.object({
  id: z.number().int(),
  topic: z.string().max(1024),
  message: z.string(),
  tag: z.number().int(),
  attestation: z.string().nullable(),
  senderClientId: z.string().max(1024),
  publishedAt: z.number(),
  expiresAt: z.number(),
});
const frameSchema = z.object({
  from: z.string(),
  list: z.array(z.object({ m: messageSchema, to: z.array(z.string().max(1024)).max(10_000) })).max(1000),
});

export interface RedisFanout extends RelayFanout {
  /** Resolves once this instance listens on the channel. */
  ready: Promise<void>;
}

/** The fan-out through Redis pub/sub; `log` hears what could not be done (Redis unreachable, a bad frame). */
export function redisFanout(
  hub: FanoutHub,
  link: RedisLink,
  log: (entry: Record<string, unknown>) => void = () => undefined,
  now: () => number = Date.now,
): RedisFanout {
  const instance = randomUUID();
  const sub = link.subscriber();

  const receive = async (text: string) => {
    let frame: z.infer<typeof frameSchema>;
    try {
      frame = frameSchema.parse(JSON.parse(text));
    } catch (err) {
      log({ event: 'relay_fanout_bad_frame', error: (err as Error).message.slice(0, 200) });
      return;
    }
    const wanted = frame.list.flatMap(({ m, to }) => to.filter((id) => hub.socketOf(id, m.topic) !== undefined).map((id) => ({ m, id })));
    if (!wanted.length) return;
    const t = now();
    const claims = link.command.pipeline();
    for (const { m, id } of wanted)
      claims.set(`${CLAIM_PREFIX}${m.id}:${id}`, instance, 'PX', Math.max(MIN_CLAIM_MS, m.expiresAt - t), 'NX');
    let won: boolean[];
    try {
      won = ((await claims.exec()) ?? []).map(([err, ok]) => !err && ok === 'OK');
    } catch (err) {
      // Without Redis no instance can claim: push here (a socket on two instances may get it twice).
      log({ event: 'relay_fanout_error', error: (err as Error).message });
      won = wanted.map(() => true);
    }
    hub.deliver(wanted.filter((_, i) => won[i]).map(({ m, id }) => ({ m, to: [id] })));
  };

  sub.on('message', (channel: string, text: string) => {
    if (channel === FANOUT_CHANNEL) receive(text).catch((err: Error) => log({ event: 'relay_fanout_error', error: err.message }));
  });
  const ready = sub.subscribe(FANOUT_CHANNEL).then(() => undefined);

  return {
    ready,
    publish(stored) {
      if (!stored.length) return;
      link.command.publish(FANOUT_CHANNEL, JSON.stringify({ from: instance, list: stored })).catch((err: Error) => {
        // The messages are stored: this instance's sockets get them now, the others' on their next flush or fetch.
        log({ event: 'relay_fanout_error', error: err.message });
        hub.deliver(stored);
      });
    },
    async close() {
      sub.disconnect();
    },
  };
}
