/**
 * Subscriptions cannot fill the disk (issue 29, item 1), over real sockets, relay-auth JWTs
 * and the relay's storage (SQLite; Postgres in the engines' run): fresh keys from one address sending irn_batchSubscribe of 500 topics meet the
 * per-address cap (127.0.0.2 is another address on loopback, which keeps subscribing), and
 * the rows expire with the longest a message can live and are swept.
 */
import { describe, expect, it } from 'vitest';
import { RELAY_LIMITS, RPC_ERRORS } from '../src/index.js';
import type { StoredSubscription } from '../src/storage/relay-subscriptions.js';
import { sleep } from './helpers.js';
import { useRelayFixture } from './relay-fixture.js';
import { topic } from './relay-peer.js';

const ATTACKER = '127.0.0.2';

const fx = useRelayFixture('w3kit-relay-subs-');

const start = fx.start;

const open = (localAddress?: string) => fx.open({ localAddress });

/** How many subscriptions are stored (expired ones until swept), or how many of them pass `where`. */
const rows = async (where: (s: StoredSubscription) => boolean = () => true) => (await fx.contents.subscriptions()).filter(where).length;
/** irn_batchSubscribe of 500 fresh topics from a fresh key; the JSON-RPC error, if refused. */
async function batchFromFreshKey(round: number, localAddress?: string) {
  const peer = await open(localAddress);
  const topics = Array.from({ length: 500 }, (_, i) => topic(`${localAddress ?? 'local'}-${round}-${i}`));
  const reply = await peer.call('irn_batchSubscribe', { topics });
  return reply.error as { code: number; message: string } | undefined;
}

describe('subscriptions per address', () => {
  it('stops fresh keys from one address at the per-address cap, while another address subscribes', async () => {
    await start();
    const cap = RELAY_LIMITS.ipSubscriptions;
    expect(cap).toBe(5000);
    const refusals = [];
    for (let round = 0; round < cap / 500 + 2; round++) refusals.push(await batchFromFreshKey(round, ATTACKER));
    const message = `Too many subscriptions: at most ${cap} topics per IP address, for all its clients together; unsubscribe from some first`;
    expect(refusals).toEqual([
      ...Array<undefined>(cap / 500).fill(undefined),
      ...Array(2).fill({ code: RPC_ERRORS.tooManySubscriptions, message }),
    ]);
    expect(await rows()).toBe(cap);
    expect(await rows((s) => s.ip === ATTACKER)).toBe(cap);
    // The other address (127.0.0.1) is not affected.
    expect(await batchFromFreshKey(0)).toBeUndefined();
    expect(await rows((s) => s.ip === '127.0.0.1')).toBe(500);
    // A subscription lives as long as a message can, from its last subscribe.
    expect([...new Set((await fx.contents.subscriptions()).map((s) => s.expiresAt - s.subscribedAt))]).toEqual([
      RELAY_LIMITS.maxTtl * 1000,
    ]);
  });

  it('expires subscriptions with the longest message TTL and sweeps them, which frees the address', async () => {
    await start({ limits: { ipSubscriptions: 700, maxTtl: 1 }, pruneIntervalMs: 100 });
    expect(await batchFromFreshKey(0, ATTACKER)).toBeUndefined();
    expect((await batchFromFreshKey(1, ATTACKER))?.code).toBe(RPC_ERRORS.tooManySubscriptions);
    expect(await rows()).toBe(500);
    const end = Date.now() + 3000;
    while ((await rows()) > 0 && Date.now() < end) await sleep(50);
    expect(await rows()).toBe(0);
    expect(await batchFromFreshKey(2, ATTACKER)).toBeUndefined();
  });
});
