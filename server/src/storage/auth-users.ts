/**
 * The embedded wallet's users on either engine (`ctx.users`; the rules are ../auth/users.ts's,
 * ../auth/identities.ts's and ../auth/keys.ts's): users by id and e-mail (lowercased), approved
 * devices, sessions (by the SHA-256 of their token), external identities, and the key columns.
 * Once-only: a user is created once per address (INSERT ... ON CONFLICT DO NOTHING), keys are
 * registered once (a conditional UPDATE); an identity reaches one user even when two first
 * logins race: on Postgres its transaction holds advisory locks on the identity and the address.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuthDevicesTable, AuthSessionsTable, AuthUsersTable } from './auth-schema.js';
import type { Storage } from './engine.js';
import type { StorageSchema } from './schema.js';
import type { Engine } from './url.js';

export type UserRow = Selectable<AuthUsersTable>;
export type SessionRow = Selectable<AuthSessionsTable>;
export type DeviceRow = Selectable<AuthDevicesTable>;

export interface IdentityLink {
  provider: string;
  subject: string;
  /** A verified, normalized address; undefined when the provider vouched for none. */
  email: string | undefined;
  userName: string | undefined;
}

export interface RegisteredKeys {
  evmAddress: string;
  solanaAddress: string;
  serverShare: string;
  sealedRecoveryShare: string;
  recoveryShareHash: string;
}

export interface AuthUsersRepository {
  byId(id: string): Promise<UserRow | undefined>;
  byEmail(email: string): Promise<UserRow | undefined>;
  /** The user of this address, created (once, whoever races) when there is none. */
  ensure(email: string, id: string, now: number): Promise<UserRow>;
  isKnownDevice(email: string, deviceHash: string): Promise<boolean>;
  /** Approves the device for the address (named `name`), or notes its use when it is approved already. */
  rememberDevice(email: string, deviceHash: string, name: string, now: number): Promise<void>;
  /** The address's approved devices, the most recently used first (at most `limit`). */
  devices(email: string, limit: number): Promise<DeviceRow[]>;
  /** Notes a use of an approved device (at most once a minute). */
  touchDevice(email: string, deviceHash: string, now: number): Promise<void>;
  /** Forgets the device for the address and ends the user's sessions on it; false when it was not approved. */
  removeDevice(userId: string, email: string, deviceHash: string): Promise<boolean>;
  /** Moves the user and their devices to `email`; 'taken' when another user has it. */
  changeEmail(userId: string, email: string): Promise<UserRow | 'taken'>;
  /** Deletes lapsed sessions and stores this one. */
  createSession(row: SessionRow, now: number): Promise<void>;
  session(tokenHash: string): Promise<SessionRow | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** The identity's user (known identity, else the verified address's user, else a new one `newId`); the identity refreshed. */
  userForIdentity(identity: IdentityLink, newId: string, now: number): Promise<UserRow>;
  /** Stores the keys unless the user has some; false when they were registered already. */
  registerKeys(userId: string, keys: RegisteredKeys): Promise<boolean>;
  setRecoveryShareHash(userId: string, hash: string): Promise<void>;
}

/** The queries over `db` (the storage's Kysely, or a transaction of it). */
export function userQueries(db: Kysely<StorageSchema>) {
  const byId = (id: string) => db.selectFrom('auth_users').selectAll().where('id', '=', id).executeTakeFirst();
  const byEmail = (email: string) => db.selectFrom('auth_users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return {
    byId,
    byEmail,
    async ensure(email: string, id: string, now: number) {
      await db
        .insertInto('auth_users')
        .values({ id, email: email.toLowerCase(), created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return (await byEmail(email))!;
    },
    async rememberDevice(email: string, deviceHash: string, name: string, now: number) {
      await db
        .insertInto('auth_devices')
        .values({ email: email.toLowerCase(), device_hash: deviceHash, approved_at: now, name, last_used_at: now })
        .onConflict((oc) => oc.columns(['email', 'device_hash']).doUpdateSet({ last_used_at: now }))
        .execute();
    },
    async createSession(row: SessionRow, now: number) {
      await db.deleteFrom('auth_sessions').where('expires_at', '<=', now).execute();
      await db.insertInto('auth_sessions').values(row).execute();
    },
  };
}

/** Serializes the transaction with others holding the same keys (Postgres; SQLite runs one transaction at a time). */
async function lock(db: Kysely<StorageSchema>, engine: Engine, keys: string[]): Promise<void> {
  if (engine !== 'postgres') return;
  for (const key of keys) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

export function authUsersRepository({ db, engine }: Storage): AuthUsersRepository {
  const q = userQueries(db);
  return {
    byId: q.byId,
    byEmail: q.byEmail,
    ensure: q.ensure,
    isKnownDevice: async (email, deviceHash) =>
      (await db
        .selectFrom('auth_devices')
        .select(sql<number>`1`.as('one'))
        .where('email', '=', email.toLowerCase())
        .where('device_hash', '=', deviceHash)
        .executeTakeFirst()) !== undefined,
    rememberDevice: q.rememberDevice,
    devices: (email, limit) =>
      db
        .selectFrom('auth_devices')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .orderBy(sql`coalesce(last_used_at, approved_at)`, 'desc')
        .orderBy('device_hash')
        .limit(limit)
        .execute(),
    async touchDevice(email, deviceHash, now) {
      await db
        .updateTable('auth_devices')
        .set({ last_used_at: now })
        .where('email', '=', email.toLowerCase())
        .where('device_hash', '=', deviceHash)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - 60_000)]))
        .execute();
    },
    removeDevice: (userId, email, deviceHash) =>
      db.transaction().execute(async (trx) => {
        const { numDeletedRows } = await trx
          .deleteFrom('auth_devices')
          .where('email', '=', email.toLowerCase())
          .where('device_hash', '=', deviceHash)
          .executeTakeFirst();
        if (numDeletedRows !== 1n) return false;
        await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).where('device_hash', '=', deviceHash).execute();
        return true;
      }),
    changeEmail: (userId, newEmail) =>
      db.transaction().execute(async (trx) => {
        const email = newEmail.toLowerCase();
        await lock(trx, engine, [`w3kit-email:${email}`]);
        const t = userQueries(trx);
        const user = (await t.byId(userId))!;
        const other = await t.byEmail(email);
        if (other && other.id !== userId) return 'taken' as const;
        if (user.email !== null) await trx.updateTable('auth_devices').set({ email }).where('email', '=', user.email).execute();
        await trx.updateTable('auth_users').set({ email }).where('id', '=', userId).execute();
        return (await t.byId(userId))!;
      }),
    createSession: q.createSession,
    session: (tokenHash) => db.selectFrom('auth_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),
    async deleteSession(tokenHash) {
      await db.deleteFrom('auth_sessions').where('token_hash', '=', tokenHash).execute();
    },
    userForIdentity: (identity, newId, now) =>
      db.transaction().execute(async (trx) => {
        const { email } = identity;
        await lock(trx, engine, [`w3kit-identity:${identity.provider}:${identity.subject}`, ...(email ? [`w3kit-email:${email}`] : [])]);
        const t = userQueries(trx);
        const known = await trx
          .selectFrom('auth_identities')
          .select('user_id')
          .where('provider', '=', identity.provider)
          .where('subject', '=', identity.subject)
          .executeTakeFirst();
        let user = known ? await t.byId(known.user_id) : undefined;
        if (!user && email) user = await t.byEmail(email);
        if (!user) {
          await trx
            .insertInto('auth_users')
            .values({ id: newId, email: email ?? null, created_at: now })
            .execute();
          user = (await t.byId(newId))!;
        } else if (email && user.email === null && !(await t.byEmail(email))) {
          // A user without an address (first seen through a provider that gave none) takes this verified one.
          await trx.updateTable('auth_users').set({ email }).where('id', '=', user.id).execute();
          user = (await t.byId(user.id))!;
        }
        await trx
          .insertInto('auth_identities')
          .values({
            provider: identity.provider,
            subject: identity.subject,
            user_id: user.id,
            email: email ?? null,
            user_name: identity.userName ?? null,
            created_at: now,
            last_login_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['provider', 'subject']).doUpdateSet((eb) => ({
              email: eb.ref('excluded.email'),
              user_name: eb.ref('excluded.user_name'),
              last_login_at: eb.ref('excluded.last_login_at'),
            })),
          )
          .execute();
        return user;
      }),
    async registerKeys(userId, keys) {
      const { numUpdatedRows } = await db
        .updateTable('auth_users')
        .set({
          evm_address: keys.evmAddress,
          solana_address: keys.solanaAddress,
          server_share: keys.serverShare,
          recovery_share: keys.sealedRecoveryShare,
          recovery_share_hash: keys.recoveryShareHash,
        })
        .where('id', '=', userId)
        .where('server_share', 'is', null)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
    async setRecoveryShareHash(userId, hash) {
      await db.updateTable('auth_users').set({ recovery_share_hash: hash }).where('id', '=', userId).execute();
    },
  };
}
