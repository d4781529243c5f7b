/**
 * The on-ramp sessions' repository on both engines (claims owned by their instance, only stale
 * ones given back by another), and two instances racing to pay one checkout on one Postgres.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { onrampSession } from '../../test/onramp-fixture.js';
import { CLAIM_STALE_MS } from '../onramp/sessions.js';
import type { Storage } from './engine.js';
import { onrampSessionsRepository } from './onramp-sessions.js';
import { projectsRepository } from './projects.js';

const T = 1_000_000;
const fresh = (createdAt = T) => onrampSession(createdAt);
const tx = (n: number) => ({ hash: `0x${n}`, nonce: n, from: '0xfrom', raw: `0xraw${n}` });

async function seeded(storage: Storage) {
  await projectsRepository(storage).seedDev();
  return onrampSessionsRepository(storage);
}

describe.each(ENGINES)('the on-ramp sessions on %s', (engine) => {
  it('creates, claims once, records once and pays once; counts open sessions', async () => {
    const sessions = await seeded(await freshStorage(engine));
    const s = await sessions.create(fresh());
    expect(s).toMatchObject({ status: 'pending', txHash: null, paidAt: null });
    expect(s.id).toHaveLength(32);
    expect(await sessions.get(s.id)).toEqual(s);
    expect(await sessions.open('w3kit-dev', T)).toBe(1);
    expect(await sessions.open('w3kit-dev', T + 60_000)).toBe(0);
    expect(await sessions.claim(s.id, T + 60_000)).toBe(false);
    expect(await sessions.claim(s.id, T)).toBe(true);
    expect(await sessions.claim(s.id, T)).toBe(false);
    expect(await sessions.open('w3kit-dev', T + 10 ** 9)).toBe(1);
    expect(await sessions.record(s.id, tx(1))).toBe(true);
    expect(await sessions.record(s.id, tx(2))).toBe(false);
    expect(await sessions.release(s.id)).toBe(false);
    expect(await sessions.rawTx(s.id)).toBe('0xraw1');
    expect((await sessions.paying(10)).map((p) => p.txHash)).toEqual(['0x1']);
    await sessions.paid(s.id, T + 5);
    await sessions.fail(s.id, 'too late');
    expect(await sessions.get(s.id)).toMatchObject({ status: 'paid', paidAt: T + 5, txHash: '0x1', txNonce: 1, failure: null });
    expect(await sessions.claim(s.id, T)).toBe(false);
  });

  it('gives back unrecorded claims only, fails for good and sweeps only expired pending sessions', async () => {
    const sessions = await seeded(await freshStorage(engine));
    const [a, b, c, old] = [
      await sessions.create(fresh()),
      await sessions.create(fresh(T + 1)),
      await sessions.create(fresh(T + 2)),
      await sessions.create(fresh(T - 10 ** 6)),
    ];
    for (const s of [a, b, c]) expect(await sessions.claim(s.id, T)).toBe(true);
    await sessions.record(b.id, tx(7));
    expect(await sessions.release(a.id)).toBe(true);
    expect(await sessions.releaseUnrecorded(T + CLAIM_STALE_MS)).toBe(1);
    expect((await sessions.get(c.id))!.status).toBe('pending');
    await sessions.paid(c.id, T);
    expect((await sessions.get(c.id))!.status).toBe('pending');
    await sessions.fail(b.id, 'reverted');
    expect(await sessions.get(b.id)).toMatchObject({ status: 'failed', failure: 'reverted' });
    expect(await sessions.rawTx(a.id)).toBeUndefined();
    expect(await sessions.rawTx('unknown')).toBeUndefined();
    expect(await sessions.sweep(T)).toBe(1);
    expect(await sessions.get(old.id)).toBeUndefined();
    expect(await sessions.get(a.id)).toBeDefined();
  });

  it("at another instance's start gives back only stale claims; only the owner records or gives back its claim", async () => {
    const storage = await freshStorage(engine);
    const one = await seeded(storage);
    const two = onrampSessionsRepository(storage); // another instance, starting
    const [live, stale] = [await one.create(fresh()), await one.create(fresh())];
    expect(await one.claim(live.id, T + 30_000)).toBe(true);
    expect(await one.claim(stale.id, T)).toBe(true);
    // At T + CLAIM_STALE_MS the live claim is 90 s old: about to be signed, it stays one's.
    expect(await two.releaseUnrecorded(T + CLAIM_STALE_MS)).toBe(1);
    expect(await one.get(live.id)).toMatchObject({ status: 'paying' });
    expect(await two.release(live.id)).toBe(false);
    expect(await two.record(live.id, tx(1))).toBe(false);
    expect(await one.record(live.id, tx(2))).toBe(true);
    expect(await one.get(live.id)).toMatchObject({ status: 'paying', txHash: '0x2' });
    // The stale claim was given back: its late owner records nothing, a new claim pays it once.
    expect(await one.get(stale.id)).toMatchObject({ status: 'pending', txHash: null });
    expect(await one.record(stale.id, tx(3))).toBe(false);
    expect(await two.claim(stale.id, T + CLAIM_STALE_MS)).toBe(false); // expired by now
    expect(await two.claim(stale.id, T + 1)).toBe(true);
    expect(await one.record(stale.id, tx(4))).toBe(false);
    expect(await two.record(stale.id, tx(5))).toBe(true);
    // A recorded claim is never given back, however old.
    expect(await two.releaseUnrecorded(T + 10 ** 9)).toBe(0);
  });
});

describe('the on-ramp sessions, two instances on one Postgres', () => {
  it('claims a checkout for its payout once and records one payout when both pay it at the same time', async () => {
    const url = await postgresUrl();
    const [one, two] = [await openAgain(url), await openAgain(url)];
    const a = await seeded(one);
    const b = onrampSessionsRepository(two);
    for (let round = 0; round < 5; round++) {
      const s = await a.create(fresh());
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).claim(s.id, T)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      const records = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).record(s.id, tx(i))));
      expect(records.filter(Boolean)).toHaveLength(1);
      const releases = await Promise.all([
        a.release(s.id),
        b.release(s.id),
        a.releaseUnrecorded(T + CLAIM_STALE_MS),
        b.releaseUnrecorded(T + CLAIM_STALE_MS),
      ]);
      expect(releases).toEqual([false, false, 0, 0]);
      await Promise.all([a.paid(s.id, T + 1), b.fail(s.id, 'lost'), b.paid(s.id, T + 2)]);
      expect(['paid', 'failed']).toContain((await a.get(s.id))!.status);
    }
  });
});
