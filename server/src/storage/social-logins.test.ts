/**
 * Social logins in progress on both engines; on Postgres, two instances racing: a callback's
 * state is claimed once and a finished login is taken once.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { socialLoginsRepository, type NewSocialLogin } from './social-logins.js';

const NOW = 1_800_000_000_000;
const login = (n: string, expiresAt = NOW + 600_000): NewSocialLogin => ({
  state_hash: `state-${n}`,
  social_id_hash: `social-${n}`,
  provider: 'google',
  project_id: 'shop',
  device_hash: 'device',
  origin: 'https://shop.example',
  created_at: NOW,
  expires_at: expiresAt,
});

describe.each(ENGINES)('social logins on %s', (engine) => {
  it('caps logins in progress, claims a state once, records the outcome and is taken once', async () => {
    const logins = socialLoginsRepository(await freshStorage(engine));
    expect(await logins.start(login('lapsed', NOW), 3)).toBe(true);
    expect(await logins.start(login('1'), 3)).toBe(true);
    expect(await logins.start(login('2'), 3)).toBe(true);
    expect(await logins.start(login('3'), 3)).toBe(false);
    expect(await logins.full(NOW - 1, 3)).toBe(true);
    expect(await logins.full(NOW - 1, 4)).toBe(false);
    // The lapsed one goes.
    expect(await logins.full(NOW, 3)).toBe(false);
    expect(await logins.byState('state-lapsed')).toBeUndefined();
    expect(await logins.claim('state-1', NOW + 600_000)).toBe(false);
    expect(await logins.claim('state-1', NOW)).toBe(true);
    expect(await logins.claim('state-1', NOW)).toBe(false);
    await logins.complete('state-1', { subject: 'sub', email: 'a@example.com', user_name: 'alice', completion_hash: 'done' });
    expect(await logins.bySocialId('social-1', NOW)).toMatchObject({ status: 'ok', subject: 'sub', completion_hash: 'done' });
    expect(await logins.bySocialId('social-1', NOW + 600_000)).toBeUndefined();
    expect(await logins.take('state-1', 'running')).toBe(false);
    expect(await logins.take('state-1', 'ok')).toBe(true);
    expect(await logins.take('state-1', 'ok')).toBe(false);
    await logins.claim('state-2', NOW);
    await logins.fail('state-2', 'The login was cancelled');
    expect(await logins.byState('state-2')).toMatchObject({ status: 'failed', message: 'The login was cancelled' });
  });
});

describe('social logins, two instances on one Postgres', () => {
  it('claim a state once and take a finished login once when both race', async () => {
    const url = await postgresUrl();
    const [a, b] = [socialLoginsRepository(await openAgain(url)), socialLoginsRepository(await openAgain(url))];
    for (let round = 0; round < 5; round++) {
      await a.start(login(`${round}`), 100);
      const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).claim(`state-${round}`, NOW)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      await b.complete(`state-${round}`, { subject: 's', email: null, user_name: null, completion_hash: 'c' });
      const taken = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).take(`state-${round}`, 'ok')));
      expect(taken.filter(Boolean)).toHaveLength(1);
    }
  });
});
