/**
 * The real relay on a real Postgres (issue 31): a publish is pushed to the subscribed client id
 * and acknowledged, what is published while a subscriber is away waits in the shared mailbox,
 * and a subscriber reconnecting, to the same relay or to a second one on the same database, gets
 * exactly what waited for it (never what it acknowledged, never its own messages).
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterEach, describe, expect, it } from 'vitest';
import { startRelay, type RunningRelay } from '../src/index.js';
import { openAgain, postgresUrl } from './engines.js';
import { sleep } from './helpers.js';
import { Peer, topic } from './relay-peer.js';

const relays: RunningRelay[] = [];
const peers: Peer[] = [];
afterEach(async () => {
  peers.splice(0).forEach((p) => p.ws.terminate());
  await Promise.all(relays.splice(0).map((r) => r.close()));
});

const open = async (relay: RunningRelay, keys = generateKeyPair()) => {
  const peer = await Peer.open(relay.url, keys);
  peers.push(peer);
  return peer;
};
const messages = (peer: Peer) => peer.pushes.map((p) => p.params.data.message);

describe('the relay on Postgres', () => {
  it('delivers and takes acknowledgements, and a reconnecting subscriber gets what waited, on either of two relays', async () => {
    const url = await postgresUrl();
    const storage = await openAgain(url);
    const one = await startRelay({ port: 0, db: storage });
    relays.push(one);
    const t = topic('session on postgres');
    const dapp = await open(one);
    let wallet = await open(one);
    await wallet.result('irn_subscribe', { topic: t });
    await dapp.result('irn_subscribe', { topic: t });

    await dapp.result('irn_publish', { topic: t, message: 'request', ttl: 300, tag: 1108 });
    expect((await wallet.waitForPushes(1)).map((p) => p.params.data)).toEqual([
      expect.objectContaining({ topic: t, message: 'request', tag: 1108 }),
    ]);
    // The acknowledgement is in the shared database.
    await expect.poll(() => storage.db.selectFrom('relay_deliveries').select('client_id').execute()).toHaveLength(1);

    // Away: two messages wait; back on the same relay, both arrive once, in order.
    const keys = wallet.keys;
    await wallet.close();
    await dapp.result('irn_publish', { topic: t, message: 'while away 1', ttl: 300 });
    await dapp.result('irn_batchPublish', { messages: [{ topic: t, message: 'while away 2', ttl: 300 }] });
    wallet = await open(one, keys);
    await wallet.result('irn_subscribe', { topic: t });
    expect((await wallet.waitForPushes(2)).map((p) => p.params.data.message)).toEqual(['while away 1', 'while away 2']);
    await wallet.close();

    // Away again; back on a second relay (another pool on the same database): only what waited.
    await dapp.result('irn_publish', { topic: t, message: 'for the other relay', ttl: 300 });
    const two = await startRelay({ port: 0, db: await openAgain(url) });
    relays.push(two);
    wallet = await open(two, keys);
    await wallet.result('irn_subscribe', { topic: t });
    expect((await wallet.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['for the other relay']);
    const fetched = await wallet.result<{ messages: unknown[] }>('irn_fetchMessages', { topic: t });
    expect(fetched.messages).toEqual([]);
    await sleep(200);
    expect(messages(wallet)).toEqual(['for the other relay']);
    expect(messages(dapp)).toEqual([]);
  });
});
