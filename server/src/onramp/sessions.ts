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

/** 24 random bytes as base64url: 32 characters. */
export const randomToken = () => randomBytes(24).toString('base64url');

/**
 * How old an unrecorded claim must be before another instance takes it back. A live instance
 * records its payout within seconds of the claim (sign, then one UPDATE); an older claim without
 * a record was left by an instance that died. Were a live one ever this slow, its record (bound
 * to its own claim) would fail and it would send nothing: the bound costs a retry, never a
 * second payout.
 */
export const CLAIM_STALE_MS = 2 * 60_000;

export interface OnrampSessions {
  create(session: NewSession): Promise<OnrampSession>;
  /**
   * Creates the session unless its project has `maxOpen` open ones (then undefined): counted and
   * inserted in one transaction, on Postgres under an advisory lock of the project, so instances
   * racing never pass the cap.
   */
  createUnder(session: NewSession, maxOpen: number): Promise<OnrampSession | undefined>;
  get(id: string): Promise<OnrampSession | undefined>;
  /** The raw signed payout transaction of a session, when recorded. */
  rawTx(id: string): Promise<string | undefined>;
  /** Unpaid sessions of a project that have not expired, and payouts under way. */
  open(projectId: string, now: number): Promise<number>;
  /** Takes a pending, unexpired session for its payout; false when it is not (paid, being paid, failed, expired). */
  claim(id: string, now: number): Promise<boolean>;
  /** Records the signed payout of a claimed session (before it is sent); false when the claim is gone. */
  record(id: string, tx: RecordedTx): Promise<boolean>;
  /** The recorded payout was mined. */
  paid(id: string, now: number): Promise<void>;
  /** The recorded payout can never pay (refused, reverted, replaced); terminal. */
  fail(id: string, reason: string): Promise<void>;
  /** Gives back this instance's claim with no transaction recorded (nothing was sent); false otherwise. */
  release(id: string): Promise<boolean>;
  /**
   * Gives back the claims with no transaction recorded made before `now - CLAIM_STALE_MS` (their
   * instance died between claim and record: nothing of theirs was sent), whoever made them; how many.
   */
  releaseUnrecorded(now: number): Promise<number>;
  /** Sessions being paid (oldest first, at most `limit`): with a transaction to watch, or none recorded. */
  paying(limit: number): Promise<OnrampSession[]>;
  /** Deletes pending sessions that expired before `before` (never one being paid). */
  sweep(before: number): Promise<number>;
}
