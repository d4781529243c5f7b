/**
 * The sandbox checkout sessions (table onramp_sessions, migration 10): created by the URL
 * generator, read by the checkout page and the purchase route, claimed once for the payout
 * (an atomic pending -> paying update, so two submits cannot both pay), then marked paid.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/open.js';

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
  status: 'pending' | 'paying' | 'paid';
  txHash: string | null;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
}

export type NewSession = Omit<OnrampSession, 'id' | 'csrf' | 'status' | 'txHash' | 'paidAt'>;

const COLUMNS = `id, csrf, project_id AS projectId, chain_id AS chainId, address, asset, crypto_amount AS cryptoAmount,
  fiat_total AS fiatTotal, fiat_fee AS fiatFee, fiat_currency AS fiatCurrency, status, tx_hash AS txHash,
  created_at AS createdAt, expires_at AS expiresAt, paid_at AS paidAt`;

/** 24 random bytes as base64url: 32 characters. */
export const randomToken = () => randomBytes(24).toString('base64url');

export interface OnrampSessions {
  create(session: NewSession): OnrampSession;
  get(id: string): OnrampSession | undefined;
  /** Unpaid sessions of a project that have not expired. */
  open(projectId: string, now: number): number;
  /** Takes a pending, unexpired session for its payout; false when it is not (paid, being paid, expired). */
  claim(id: string, now: number): boolean;
  paid(id: string, txHash: string, now: number): void;
  /** Gives a claimed session back (its payout failed). */
  release(id: string): void;
  /** Deletes unpaid sessions that expired before `before`. */
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
      const row = { ...s, id: randomToken(), csrf: randomToken(), status: 'pending' as const, txHash: null, paidAt: null };
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
    open: (projectId, now) =>
      (
        db
          .prepare(`SELECT count(*) AS n FROM onramp_sessions WHERE project_id = ? AND status != 'paid' AND expires_at > ?`)
          .get(projectId, now) as { n: number }
      ).n,
    claim: (id, now) =>
      db.prepare(`UPDATE onramp_sessions SET status = 'paying' WHERE id = ? AND status = 'pending' AND expires_at > ?`).run(id, now)
        .changes === 1,
    paid(id, txHash, now) {
      db.prepare(`UPDATE onramp_sessions SET status = 'paid', tx_hash = ?, paid_at = ? WHERE id = ?`).run(txHash, now, id);
    },
    release(id) {
      db.prepare(`UPDATE onramp_sessions SET status = 'pending' WHERE id = ? AND status = 'paying'`).run(id);
    },
    sweep: (before) => db.prepare(`DELETE FROM onramp_sessions WHERE status != 'paid' AND expires_at < ?`).run(before).changes,
  };
}
