/**
 * The SIWX repository (`app.siwx`): sign-in nonces (issued to a client address, counted per
 * address through an index, spent once) and sessions (stored with the SHA-256 of their token,
 * read by it, listed and trimmed per account, revoked), and the sweep of lapsed ones, on either
 * engine. The records and rules are ../siwx/sessions.ts's. Once-only: a nonce is spent by one
 * conditional UPDATE (of two verifies racing, on one instance or two, one changes the row); no
 * count reads more than the rows of one address or one account.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SERVER_CHAINS } from '../chains/index.js';
import type { ServerChain } from '../chains/types.js';
import {
  checkNamespaceServed,
  hashToken,
  newNonce,
  SESSION_GRACE_MS,
  toStored,
  type NewSession,
  type NonceRow,
  type StoredSession,
} from '../siwx/sessions.js';
import type { Storage } from './engine.js';
import { step, stepRunner } from './steps.js';
import type { StorageSchema } from './schema.js';
import type { Engine } from './url.js';

export interface SiwxRepository {
  issueNonce(projectId: string, ipKey: string, now: number, ttlMs: number): Promise<NonceRow>;
  /**
   * Issues a nonce unless `ipKey` holds `atMost` outstanding ones in the project (then undefined):
   * the count and the insert run in one transaction, on Postgres under an advisory lock of the
   * address, so requests racing on one instance or several never pass the cap.
   */
  issueNonceUnder(projectId: string, ipKey: string, now: number, ttlMs: number, atMost: number): Promise<NonceRow | undefined>;
  /** The unused, unexpired nonces `ipKey` holds in the project, counted up to `atMost`. */
  outstandingNonces(projectId: string, ipKey: string, now: number, atMost: number): Promise<number>;
  /** When the first of those lapses (ms); undefined when there are none. */
  firstNonceExpiry(projectId: string, ipKey: string, now: number): Promise<number | undefined>;
  nonce(projectId: string, nonce: string): Promise<NonceRow | undefined>;
  /** True when this call spent the nonce (it was unused and unexpired). */
  spendNonce(projectId: string, nonce: string, now: number): Promise<boolean>;
  /**
   * Spends the session's nonce, then stores the session and keeps the account's newest
   * `keepPerAccount` sessions (the oldest are deleted). Returns the token (given once, kept only
   * hashed) and the stored session; undefined when the nonce was spent (or lapsed) meanwhile.
   * A namespace no chain module serves is refused (400) before the nonce is touched.
   */
  openSession(session: NewSession, now: number, keepPerAccount: number): Promise<{ token: string; session: StoredSession } | undefined>;
  session(projectId: string, token: string): Promise<StoredSession | undefined>;
  /** The account's live sessions, newest first. */
  accountSessions(projectId: string, namespace: string, address: string, now: number, limit: number): Promise<StoredSession[]>;
  revoke(id: string, now: number): Promise<boolean>;
  /** Deletes lapsed nonces, and sessions lapsed more than SESSION_GRACE_MS ago; returns how many rows went. */
  sweep(now: number): Promise<number>;
}

/**
 * The queries whose plans matter (siwx-limits.test.ts explains them on SQLite). Among sessions of
 * one millisecond SQLite orders by rowid (insertion); Postgres, which has none, by id.
 */
export function siwxQueries(db: Kysely<StorageSchema>, engine: Engine) {
  const tieBreak = engine === 'sqlite' ? sql<number>`rowid` : sql<string>`id`;
  return {
    /** Reads at most `atMost` entries of siwx_nonces_by_client, which holds every column it tests. */
    outstanding: (projectId: string, ipKey: string, now: number, atMost: number) =>
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('siwx_nonces')
            .select(sql<number>`1`.as('one'))
            .where('project_id', '=', projectId)
            .where('ip_key', '=', ipKey)
            .where('expires_at', '>', now)
            .where('used_at', 'is', null)
            .limit(atMost)
            .as('held'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n')),
    /** Deletes an account's sessions past its newest `keep` (live or not), through siwx_sessions_by_account in its order. */
    trimAccount(projectId: string, namespace: string, address: string, keep: number) {
      const older = db
        .selectFrom('siwx_sessions')
        .select(engine === 'sqlite' ? sql<string>`rowid`.as('key') : 'id')
        .where('project_id', '=', projectId)
        .where('namespace', '=', namespace)
        .where('address', '=', address)
        .orderBy('created_at', 'desc')
        .orderBy(tieBreak, 'desc');
      // SQLite takes OFFSET only after a LIMIT (-1: none); Postgres has no negative LIMIT.
      const past = engine === 'sqlite' ? older.limit(-1).offset(keep) : older.offset(keep);
      return db.deleteFrom('siwx_sessions').where(engine === 'sqlite' ? sql<string>`rowid` : sql<string>`id`, 'in', past);
    },
    ofAccount: (projectId: string, namespace: string, address: string, now: number, limit: number) =>
      db
        .selectFrom('siwx_sessions')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('namespace', '=', namespace)
        .where('address', '=', address)
        .where('expires_at', '>', now)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy(tieBreak, 'desc')
        .limit(limit),
    /** The one step that makes a nonce single use: of two verifies racing, one changes the row. */
    spend: (projectId: string, nonce: string, now: number) =>
      db
        .updateTable('siwx_nonces')
        .set({ used_at: now })
        .where('nonce', '=', nonce)
        .where('project_id', '=', projectId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now),
  };
}

/** `chains`: the namespaces served (the registry); a session of another namespace is refused. */
export function siwxRepository(storage: Storage, chains: readonly ServerChain[] = SERVER_CHAINS): SiwxRepository {
  const { db, engine } = storage;
  const q = siwxQueries(db, engine);
  const run = stepRunner(storage);
  const nonceRow = (projectId: string, ipKey: string, now: number, ttlMs: number): NonceRow => ({
    nonce: newNonce(),
    project_id: projectId,
    ip_key: ipKey,
    created_at: now,
    expires_at: now + ttlMs,
    used_at: null,
  });
  const spendNonce = async (projectId: string, nonce: string, now: number) =>
    (await q.spend(projectId, nonce, now).executeTakeFirst()).numUpdatedRows === 1n;
  const session = async (projectId: string, token: string) => {
    const row = await db
      .selectFrom('siwx_sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row && toStored(row);
  };
  return {
    async issueNonce(projectId, ipKey, now, ttlMs) {
      const row = nonceRow(projectId, ipKey, now, ttlMs);
      await db.insertInto('siwx_nonces').values(row).execute();
      return row;
    },
    issueNonceUnder(projectId, ipKey, now, ttlMs, atMost) {
      const row = nonceRow(projectId, ipKey, now, ttlMs);
      return run.transact(
        function* () {
          const { rows } = yield* step(q.outstanding(projectId, ipKey, now, atMost).compile());
          if (Number(rows[0]!.n) >= atMost) return undefined;
          yield* step(db.insertInto('siwx_nonces').values(row).compile());
          return row;
        },
        [`siwx_nonces:${projectId}:${ipKey}`],
      );
    },
    outstandingNonces: async (projectId, ipKey, now, atMost) =>
      Number((await q.outstanding(projectId, ipKey, now, atMost).executeTakeFirstOrThrow()).n),
    async firstNonceExpiry(projectId, ipKey, now) {
      const row = await db
        .selectFrom('siwx_nonces')
        .select((eb) => eb.fn.min<number | null>('expires_at').as('at'))
        .where('project_id', '=', projectId)
        .where('ip_key', '=', ipKey)
        .where('expires_at', '>', now)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return row?.at ?? undefined;
    },
    nonce: (projectId, nonce) =>
      db.selectFrom('siwx_nonces').selectAll().where('nonce', '=', nonce).where('project_id', '=', projectId).executeTakeFirst(),
    spendNonce,
    async openSession(s, now, keepPerAccount) {
      checkNamespaceServed(s.namespace, chains);
      if (!(await spendNonce(s.projectId, s.nonce, now))) return undefined;
      const token = randomBytes(32).toString('base64url');
      const row = {
        id: randomUUID(),
        token_hash: hashToken(token),
        project_id: s.projectId,
        namespace: s.namespace,
        chain_id: s.chainId,
        address: s.address,
        domain: s.domain,
        uri: s.uri,
        nonce: s.nonce,
        statement: s.statement,
        message: s.message,
        signature: s.signature,
        issued_at: s.issuedAt,
        expires_at: s.expiresAt,
        expiration_time: s.expirationTime,
        revoked_at: null,
        created_at: now,
      };
      try {
        await db.insertInto('siwx_sessions').values(row).execute();
      } catch (err) {
        // Not stored (disk full, the project removed): the nonce is given back, as a rollback would.
        await db.updateTable('siwx_nonces').set({ used_at: null }).where('nonce', '=', s.nonce).where('used_at', '=', now).execute();
        throw err;
      }
      await q.trimAccount(s.projectId, s.namespace, s.address, keepPerAccount).execute();
      return { token, session: toStored(row) };
    },
    session,
    accountSessions: async (projectId, namespace, address, now, limit) =>
      (await q.ofAccount(projectId, namespace, address, now, limit).execute()).map(toStored),
    revoke: async (id, now) =>
      (
        await db
          .updateTable('siwx_sessions')
          .set({ revoked_at: now })
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows === 1n,
    async sweep(now) {
      const nonces = await db.deleteFrom('siwx_nonces').where('expires_at', '<=', now).executeTakeFirst();
      const sessions = await db
        .deleteFrom('siwx_sessions')
        .where('expires_at', '<=', now - SESSION_GRACE_MS)
        .executeTakeFirst();
      return Number(nonces.numDeletedRows + sessions.numDeletedRows);
    },
  };
}
