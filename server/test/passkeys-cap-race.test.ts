/**
 * The passkeys-per-user cap under concurrency (issue 31 §1): registrations racing for the last
 * slots, on one instance (SQLite) or on two instances of one Postgres, never pass
 * MAX_PASSKEYS_PER_USER: counted and inserted in one transaction under the user's lock.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PASSKEYS_PER_USER } from '../src/auth/passkeys/store.js';
import { authUsersRepository } from '../src/storage/auth-users.js';
import type { Storage } from '../src/storage/engine.js';
import { passkeysRepository, type PasskeyRow } from '../src/storage/passkeys.js';
import { ENGINES, freshStorage, openAgain, postgresUrl } from './engines.js';

const NOW = 1_800_000_000_000;
const passkey = (id: string): PasskeyRow => ({
  id,
  user_id: 'user-race',
  public_key: Buffer.from(id),
  counter: 0,
  transports: '[]',
  name: id,
  created_at: NOW,
  last_used_at: null,
  wrapped_recovery_share: null,
});

/** One storage per instance: two on one Postgres database, one SQLite (in memory) otherwise. */
async function instances(engine: (typeof ENGINES)[number]): Promise<Storage[]> {
  if (engine === 'sqlite') return [await freshStorage('sqlite')];
  const url = await postgresUrl();
  const first = await openAgain(url);
  return [first, await openAgain(url)];
}

describe.each(ENGINES)('the passkeys per user cap on %s', (engine) => {
  it('lets exactly the free slots through when registrations race for them', async () => {
    const storages = await instances(engine);
    await authUsersRepository(storages[0]!).ensure('race@example.com', 'user-race', NOW);
    const repos = storages.map(passkeysRepository);
    const free = 2;
    for (let i = 0; i < MAX_PASSKEYS_PER_USER - free; i++)
      expect(await repos[0]!.addUnder(passkey(`held-${i}`), false, MAX_PASSKEYS_PER_USER)).toBe(true);
    const racing = 10;
    const added = await Promise.all(
      Array.from({ length: racing }, (_, i) => repos[i % repos.length]!.addUnder(passkey(`racing-${i}`), false, MAX_PASSKEYS_PER_USER)),
    );
    expect(added.filter(Boolean)).toHaveLength(free);
    expect(await repos[0]!.ofUser('user-race')).toHaveLength(MAX_PASSKEYS_PER_USER);
  });
});
