/**
 * External identities (a social provider's subject, a Farcaster fid) and the users they reach.
 * Linking rule: a known identity reaches its user; a new one with a verified e-mail reaches the
 * user of that e-mail (so e-mail login and a social login with the same verified address give the
 * same wallet); otherwise a new user is created (with the e-mail when verified, else none).
 */
import { normalizeEmailAddress } from '../../../src/wire/email-address.js';
import type { AuthContext } from './context.js';
import { newId } from './secrets.js';
import type { UserRow } from './users.js';

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
export function userForIdentity(ctx: AuthContext, identity: ExternalIdentity, now: number): Promise<UserRow> {
  // The one e-mail rule: an address that is not one mailbox is not used (src/wire/email-address.ts).
  const email = identity.verifiedEmail === undefined ? undefined : normalizeEmailAddress(identity.verifiedEmail);
  return ctx.users.userForIdentity(
    { provider: identity.provider, subject: identity.subject, email, userName: identity.userName },
    newId(),
    now,
  );
}
