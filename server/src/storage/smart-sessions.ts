/**
 * The smart-account sessions (ERC-7715) wallets registered, on either engine (table
 * smart_sessions, migration 22): one row per pci, listed by account, newest first. Ending a
 * session is claimed before its revoke is submitted (`claim`: active → ending in one statement,
 * so of two instances or two requests only one submits it), then settled (`settle`: revoked or
 * expired) or handed back (`release`) when the submission failed.
 */
import type { Storage } from './engine.js';
import type { SmartSessionsTable } from './feature-schema.js';
import { step, stepRunner } from './steps.js';

export type SessionStatus = 'active' | 'ending' | 'revoked' | 'expired';

export interface SmartSessionRecord {
  pci: string;
  chainId: string;
  /** Lowercase. */
  account: string;
  origin: string;
  roles: string;
  roleKey: string;
  sessionAccount: string;
  /** The granted ERC-7715 permissions (JSON-safe). */
  permissions: unknown;
  /** Unix seconds. */
  expiry: number;
  /** The owner-signed revoke user operation (JSON-safe, quantities as hex). */
  revokeOp: Record<string, unknown>;
  status: SessionStatus;
  /** Unix ms. */
  createdAt: number;
  endedAt: number | null;
}

/** The most sessions one account may hold registered (older ended ones are dropped first). */
export const MAX_SESSIONS_PER_ACCOUNT = 50;

export interface SmartSessions {
  /** Stores a new session; false when its pci is taken or the account holds MAX_SESSIONS_PER_ACCOUNT active ones. */
  create(record: Omit<SmartSessionRecord, 'status' | 'endedAt'>): Promise<boolean>;
  get(pci: string): Promise<SmartSessionRecord | undefined>;
  /** The account's sessions, newest first (at most MAX_SESSIONS_PER_ACCOUNT). */
  list(account: string): Promise<SmartSessionRecord[]>;
  /** Active sessions whose expiry is at most `now` (unix seconds), oldest first. */
  due(now: number, limit: number): Promise<SmartSessionRecord[]>;
  /** active → ending; true when this call claimed it. */
  claim(pci: string): Promise<boolean>;
  /** ending → active (the revoke could not be submitted). */
  release(pci: string): Promise<void>;
  /** ending → `status`, at `at` (unix ms). */
  settle(pci: string, status: 'revoked' | 'expired', at: number): Promise<void>;
}

/** A row as the table holds it (./feature-schema.ts, migration 22). */
type Row = SmartSessionsTable;

const fromRow = (r: Row): SmartSessionRecord => ({
  pci: r.pci,
  chainId: r.chain_id,
  account: r.account,
  origin: r.origin,
  roles: r.roles,
  roleKey: r.role_key,
  sessionAccount: r.session_account,
  permissions: JSON.parse(r.permissions) as unknown,
  expiry: Number(r.expiry),
  revokeOp: JSON.parse(r.revoke_op) as Record<string, unknown>,
  status: r.status as SessionStatus,
  createdAt: Number(r.created_at),
  endedAt: r.ended_at === null ? null : Number(r.ended_at),
});

export function smartSessionsRepository(storage: Storage): SmartSessions {
  const { db } = storage;
  const run = stepRunner(storage);
  const byPci = (pci: string) => db.selectFrom('smart_sessions').selectAll().where('pci', '=', pci).compile();
  const move = (pci: string, from: SessionStatus, to: SessionStatus, endedAt: number | null = null) =>
    run.one(
      db.updateTable('smart_sessions').set({ status: to, ended_at: endedAt }).where('pci', '=', pci).where('status', '=', from).compile(),
    );
  return {
    create(record) {
      const account = record.account.toLowerCase();
      return run.transact(
        function* () {
          const taken = yield* step(byPci(record.pci));
          if (taken.rows.length > 0) return false;
          const active = yield* step(
            db
              .selectFrom('smart_sessions')
              .select('pci')
              .where('account', '=', account)
              .where('status', 'in', ['active', 'ending'])
              .limit(MAX_SESSIONS_PER_ACCOUNT)
              .compile(),
          );
          if (active.rows.length >= MAX_SESSIONS_PER_ACCOUNT) return false;
          // Keep the account's rows bounded: drop its ended sessions past the cap, oldest first.
          const ended = yield* step(
            db
              .selectFrom('smart_sessions')
              .select('pci')
              .where('account', '=', account)
              .where('status', 'in', ['revoked', 'expired'])
              .orderBy('created_at', 'desc')
              .offset(MAX_SESSIONS_PER_ACCOUNT - 1 - active.rows.length)
              .limit(1000)
              .compile(),
          );
          const drop = (ended.rows as { pci: string }[]).map((r) => r.pci);
          if (drop.length > 0) yield* step(db.deleteFrom('smart_sessions').where('pci', 'in', drop).compile());
          yield* step(
            db
              .insertInto('smart_sessions')
              .values({
                pci: record.pci,
                chain_id: record.chainId,
                account,
                origin: record.origin,
                roles: record.roles,
                role_key: record.roleKey,
                session_account: record.sessionAccount,
                permissions: JSON.stringify(record.permissions),
                expiry: record.expiry,
                revoke_op: JSON.stringify(record.revokeOp),
                status: 'active',
                created_at: record.createdAt,
                ended_at: null,
              })
              .compile(),
          );
          return true;
        },
        [`smart-sessions:${account}`, `smart-sessions-pci:${record.pci}`],
      );
    },
    async get(pci) {
      const { rows } = await run.one(byPci(pci));
      return rows[0] ? fromRow(rows[0] as Row) : undefined;
    },
    async list(account) {
      const { rows } = await run.one(
        db
          .selectFrom('smart_sessions')
          .selectAll()
          .where('account', '=', account.toLowerCase())
          .orderBy('created_at', 'desc')
          .limit(MAX_SESSIONS_PER_ACCOUNT)
          .compile(),
      );
      return (rows as Row[]).map(fromRow);
    },
    async due(now, limit) {
      const { rows } = await run.one(
        db
          .selectFrom('smart_sessions')
          .selectAll()
          .where('status', '=', 'active')
          .where('expiry', '<=', now)
          .orderBy('expiry')
          .limit(limit)
          .compile(),
      );
      return (rows as Row[]).map(fromRow);
    },
    async claim(pci) {
      return (await move(pci, 'active', 'ending')).changes === 1;
    },
    async release(pci) {
      await move(pci, 'ending', 'active');
    },
    async settle(pci, status, at) {
      await move(pci, 'ending', status, at);
    },
  };
}
