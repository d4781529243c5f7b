/**
 * The sandbox checkout sessions (table onramp_sessions, migrations 10 and 12): created by the URL
 * generator, read by the checkout page and the purchase route, claimed once for the payout (an
 * atomic pending -> paying update, so two submits cannot both pay). A claimed session records its
 * signed payout transaction BEFORE it is broadcast; from then on it can only end `paid` (the
 * transaction mined) or `failed` (refused, reverted or replaced: nothing paid), never go back to
 * pending, so a session's payout is sent at most once. Only a claim with no transaction recorded
 * (nothing was ever sent) is given back.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/open.js';

export type OnrampSessionStatus = 'pending' | 'paying' | 'paid' | 'failed';

export interface OnrampSession {
  id: string;
  csrf: string;
  projectId: string;
  chainId: string;
  address: string;
  asset: string;
  /** Base units (wei). */
  cryptoAmount: string;
  fiatTotal: string;
  fiatFee: string;
  fiatCurrency: string;
  status: OnrampSessionStatus;
  txHash: string | null;
  txNonce: number | null;
  txFrom: string | null;
  /** Why the payout failed (status `failed`), in words. */
  failure: string | null;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
}

/** A signed payout transaction, recorded before it is sent. */
export interface RecordedTx {
  hash: string;
  nonce: number;
  from: string;
  raw: string;
}

export type NewSession = Omit<OnrampSession, 'id' | 'csrf' | 'status' | 'txHash' | 'txNonce' | 'txFrom' | 'failure' | 'paidAt'>;

const COLUMNS = `id, csrf, project_id AS projectId, chain_id AS chainId, address, asset, crypto_amount AS cryptoAmount,
  fiat_total AS fiatTotal, fiat_fee AS fiatFee, fiat_currency AS fiatCurrency, status, tx_hash AS txHash, tx_nonce AS txNonce,
  tx_from AS txFrom, failure, created_at AS createdAt, expires_at AS expiresAt, paid_at AS paidAt`;

/** 24 random bytes as base64url: 32 characters. */
export const randomToken = () => randomBytes(24).toString('base64url');

export interface OnrampSessions {
  create(session: NewSession): OnrampSession;
  get(id: string): OnrampSession | undefined;
  /** The raw signed payout transaction of a session, when recorded. */
  rawTx(id: string): string | undefined;
  /** Unpaid sessions of a project that have not expired, and payouts under way. */
  open(projectId: string, now: number): number;
  /** Takes a pending, unexpired session for its payout; false when it is not (paid, being paid, failed, expired). */
  claim(id: string, now: number): boolean;
  /** Records the signed payout of a claimed session (before it is sent); false when the claim is gone. */
  record(id: string, tx: RecordedTx): boolean;
  /** The recorded payout was mined. */
  paid(id: string, now: number): void;
  /** The recorded payout can never pay (refused, reverted, replaced); terminal. */
  fail(id: string, reason: string): void;
  /** Gives back a claim with no transaction recorded (nothing was sent); false otherwise. */
  release(id: string): boolean;
  /** Gives back every claim with no transaction recorded (at start: nothing of theirs was sent); how many. */
  releaseUnrecorded(): number;
  /** Sessions being paid (oldest first, at most `limit`): with a transaction to watch, or none recorded. */
  paying(limit: number): OnrampSession[];
  /** Deletes pending sessions that expired before `before` (never one being paid). */
  sweep(before: number): number;
}

export function onrampSessions(db: Database): OnrampSessions {
  const insert = db.prepare(
    `INSERT INTO onramp_sessions (id, csrf, project_id, chain_id, address, asset, crypto_amount, fiat_total, fiat_fee, fiat_currency,
       status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
  );
  const select = db.prepare(`SELECT ${COLUMNS} FROM onramp_sessions WHERE id = ?`);
  return {
    create(s) {
      const row = {
        ...s,
        id: randomToken(),
        csrf: randomToken(),
        status: 'pending' as const,
        txHash: null,
        txNonce: null,
        txFrom: null,
        failure: null,
        paidAt: null,
      };
      insert.run(
        row.id,
        row.csrf,
        s.projectId,
        s.chainId,
        s.address,
        s.asset,
        s.cryptoAmount,
        s.fiatTotal,
        s.fiatFee,
        s.fiatCurrency,
        s.createdAt,
        s.expiresAt,
      );
      return row;
    },
    get: (id) => select.get(id) as OnrampSession | undefined,
    rawTx: (id) =>
      (db.prepare('SELECT tx_raw AS raw FROM onramp_sessions WHERE id = ?').get(id) as { raw: string | null } | undefined)?.raw ??
      undefined,
    open: (projectId, now) =>
      (
        db
          .prepare(
            `SELECT count(*) AS n FROM onramp_sessions WHERE project_id = ? AND (status = 'paying' OR (status = 'pending' AND expires_at > ?))`,
          )
          .get(projectId, now) as { n: number }
      ).n,
    claim: (id, now) =>
      db.prepare(`UPDATE onramp_sessions SET status = 'paying' WHERE id = ? AND status = 'pending' AND expires_at > ?`).run(id, now)
        .changes === 1,
    record: (id, tx) =>
      db
        .prepare(
          `UPDATE onramp_sessions SET tx_hash = ?, tx_nonce = ?, tx_from = ?, tx_raw = ? WHERE id = ? AND status = 'paying' AND tx_hash IS NULL`,
        )
        .run(tx.hash, tx.nonce, tx.from, tx.raw, id).changes === 1,
    paid(id, now) {
      db.prepare(`UPDATE onramp_sessions SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'paying' AND tx_hash IS NOT NULL`).run(
        now,
        id,
      );
    },
    fail(id, reason) {
      db.prepare(`UPDATE onramp_sessions SET status = 'failed', failure = ? WHERE id = ? AND status = 'paying'`).run(reason, id);
    },
    release: (id) =>
      db.prepare(`UPDATE onramp_sessions SET status = 'pending' WHERE id = ? AND status = 'paying' AND tx_hash IS NULL`).run(id).changes ===
      1,
    releaseUnrecorded: () =>
      db.prepare(`UPDATE onramp_sessions SET status = 'pending' WHERE status = 'paying' AND tx_hash IS NULL`).run().changes,
    paying: (limit) =>
      db
        .prepare(`SELECT ${COLUMNS} FROM onramp_sessions WHERE status = 'paying' ORDER BY created_at LIMIT ?`)
        .all(limit) as OnrampSession[],
    sweep: (before) => db.prepare(`DELETE FROM onramp_sessions WHERE status = 'pending' AND expires_at < ?`).run(before).changes,
  };
}
