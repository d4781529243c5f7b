/**
 * The settlement gives back stale claims only, on both engines: at start an unrecorded claim of
 * another live instance stays its own; once it is CLAIM_STALE_MS old (its instance died, even
 * one that restarted before then under a new id), the next watch pass gives it back. No payout
 * is touched: nothing here is recorded, so the node (never reached) is not asked.
 */
import { describe, expect, it, vi } from 'vitest';
import { ENGINES, freshStorage } from '../../test/engines.js';
import { onrampSession } from '../../test/onramp-fixture.js';
import { onrampSessionsRepository } from '../storage/onramp-sessions.js';
import { projectsRepository } from '../storage/projects.js';
import { createPayout } from './payout.js';
import { CLAIM_STALE_MS } from './sessions.js';
import { settlement } from './settle.js';

const T = 1_000_000;

describe.each(ENGINES)('stale on-ramp claims on %s', (engine) => {
  it("leaves another instance's fresh claim at start and gives it back on a watch pass once stale", async () => {
    const storage = await freshStorage(engine);
    await projectsRepository(storage).seedDev();
    const other = onrampSessionsRepository(storage);
    const s = await other.create(onrampSession(T, 10 * 60_000));
    expect(await other.claim(s.id, T)).toBe(true);
    const clock = { now: T + 1_000 };
    const errors: unknown[] = [];
    const mine = settlement({
      sessions: onrampSessionsRepository(storage),
      payout: createPayout('http://127.0.0.1:9'),
      now: () => clock.now,
      log: (err) => errors.push(err),
      watchIntervalMs: 60 * 60_000,
    });
    try {
      await mine.start();
      expect(await other.get(s.id)).toMatchObject({ status: 'paying' });
      clock.now = T + CLAIM_STALE_MS;
      // A pass still running (the one start began) makes watch() return at once: try until one runs.
      await vi.waitFor(async () => {
        await mine.watch();
        expect(await other.get(s.id)).toMatchObject({ status: 'pending', txHash: null });
      });
      expect(errors).toEqual([]);
    } finally {
      mine.stop();
    }
  });
});
