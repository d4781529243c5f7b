/**
 * External identities (a social provider's subject, a Farcaster fid) and the users they reach.
 * Linking rule: a known identity reaches its user; a new one with a verified e-mail reaches the
 * user of that e-mail (so e-mail login and a social login with the same verified address give the
 * same wallet); otherwise a new user is created (with the e-mail when verified, else none).
 */
import { normalizeEmailAddress } from '../../../src/wire/email-address.js';
import type { Database } from '../db/open.js';
import { newId } from './secrets.js';
import { userByEmail, userById, type UserRow } from './users.js';

export type IdentityProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord' | 'farcaster';

export interface ExternalIdentity {
  provider: IdentityProvider;
  /** The provider's stable id of the account (the id token's `sub`, the GitHub id, the fid). */
  subject: string;
  /** Given only when the provider says the address is verified; an unverified one is never used to link. */
  verifiedEmail?: string | undefined;
  userName?: string | undefined;
}

/** The user of this identity, linked or created as above; the identity's e-mail and username are refreshed. */
export function userForIdentity(db: Database, identity: ExternalIdentity, now: number): UserRow {
  // The one e-mail rule: an address that is not one mailbox is not used (src/wire/email-address.ts).
  const email = identity.verifiedEmail === undefined ? undefined : normalizeEmailAddress(identity.verifiedEmail);
  return db.transaction(() => {
    const known = db
      .prepare('SELECT user_id FROM auth_identities WHERE provider = ? AND subject = ?')
      .get(identity.provider, identity.subject) as { user_id: string } | undefined;
    let user = known ? userById(db, known.user_id) : undefined;
    if (!user && email) user = userByEmail(db, email);
    if (!user) {
      const id = newId();
      db.prepare('INSERT INTO auth_users (id, email, created_at) VALUES (?, ?, ?)').run(id, email ?? null, now);
      user = userById(db, id)!;
    } else if (email && user.email === null && !userByEmail(db, email)) {
      // A user without an address (first seen through a provider that gave none) takes this verified one.
      db.prepare('UPDATE auth_users SET email = ? WHERE id = ?').run(email, user.id);
      user = userById(db, user.id)!;
    }
    db.prepare(
      `INSERT INTO auth_identities (provider, subject, user_id, email, user_name, created_at, last_login_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (provider, subject) DO UPDATE SET email = excluded.email, user_name = excluded.user_name, last_login_at = excluded.last_login_at`,
    ).run(identity.provider, identity.subject, user.id, email ?? null, identity.userName ?? null, now, now);
    return user;
  })();
}
