/**
 * The SQL of sign in with X: nonces (issued to a client address, counted per address through an
 * index, spent once) and sessions (stored with the SHA-256 of their token, read by it, listed
 * and trimmed per account, revoked), and the sweep deleting lapsed nonces and sessions. No
 * count reads more than the rows of one address or one account. Times are ms since the epoch,
 * given by the caller.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { SiwxSessionReply } from '../../../src/wire/siwx-api.js';
import { chainOfNamespace, SERVER_CHAINS } from '../chains/index.js';
import type { ServerChain } from '../chains/types.js';
import type { Database } from '../db/open.js';
import { HttpError } from '../errors.js';

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A session is kept this long after it lapsed, so its token is told 'Session expired' rather than 'Unknown session'. */
export const SESSION_GRACE_MS = 24 * 60 * 60_000;

export interface NonceRow {
  nonce: string;
  project_id: string;
  /** The key of the address that asked for it (src/client-key.ts). */
  ip_key: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** What a verified message makes a session of. */
export interface NewSession {
  projectId: string;
  namespace: string;
  chainId: string;
  address: string;
  domain: string;
  uri: string;
  nonce: string;
  statement: string | null;
  message: string;
  signature: string;
  issuedAt: string;
  expiresAt: number;
  expirationTime: string;
}

interface SessionRow {
  id: string;
  project_id: string;
  namespace: string;
  chain_id: string;
  address: string;
  domain: string;
  uri: string;
  nonce: string;
  statement: string | null;
  message: string;
  signature: string;
  issued_at: string;
  expires_at: number;
  expiration_time: string;
  revoked_at: number | null;
  created_at: number;
}

export interface StoredSession {
  reply: SiwxSessionReply;
  projectId: string;
  expiresAt: number;
  revokedAt: number | null;
}

/** 16 letters and digits, uniformly drawn. */
export function newNonce(): string {
  let nonce = '';
  for (let i = 0; i < 16; i++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toStored(row: SessionRow): StoredSession {
  return {
    projectId: row.project_id,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    reply: {
      id: row.id,
      namespace: row.namespace,
      chainId: row.chain_id,
      address: row.address,
      domain: row.domain,
      uri: row.uri,
      nonce: row.nonce,
      statement: row.statement,
      message: row.message,
      signature: row.signature,
      issuedAt: row.issued_at,
      expiresAt: row.expiration_time,
      createdAt: row.created_at,
    },
  };
}

/**
 * The unused, unexpired nonces of (project, address key), counted up to a limit: it reads at
 * most that many entries of siwx_nonces_by_client, which holds every column it tests.
 */
export const OUTSTANDING_NONCES_SQL = `SELECT COUNT(*) AS n FROM (SELECT 1 FROM siwx_nonces
  WHERE project_id = ? AND ip_key = ? AND expires_at > ? AND used_at IS NULL LIMIT ?)`;
/** Deletes an account's sessions past its newest N (live or not), through siwx_sessions_by_account in its order. */
export const TRIM_ACCOUNT_SQL = `DELETE FROM siwx_sessions WHERE rowid IN (SELECT rowid FROM siwx_sessions
  WHERE project_id = ? AND namespace = ? AND address = ? ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)`;

export type SiwxStore = ReturnType<typeof siwxStore>;

/** `chains`: the namespaces served (the registry); a session of another namespace is refused. */
export function siwxStore(db: Database, chains: readonly ServerChain[] = SERVER_CHAINS) {
  const insertNonce = db.prepare('INSERT INTO siwx_nonces (nonce, project_id, ip_key, created_at, expires_at) VALUES (?, ?, ?, ?, ?)');
  const outstanding = db.prepare(OUTSTANDING_NONCES_SQL);
  const firstExpiry = db.prepare(
    'SELECT MIN(expires_at) AS at FROM siwx_nonces WHERE project_id = ? AND ip_key = ? AND expires_at > ? AND used_at IS NULL',
  );
  const nonceRow = db.prepare('SELECT * FROM siwx_nonces WHERE nonce = ? AND project_id = ?');
  // The one step that makes a nonce single use: of two verifies racing, one changes the row.
  const spend = db.prepare('UPDATE siwx_nonces SET used_at = ? WHERE nonce = ? AND project_id = ? AND used_at IS NULL AND expires_at > ?');
  const insertSession = db.prepare(
    `INSERT INTO siwx_sessions (id, token_hash, project_id, namespace, chain_id, address, domain, uri, nonce, statement,
       message, signature, issued_at, expires_at, expiration_time, created_at)
     VALUES (@id, @tokenHash, @projectId, @namespace, @chainId, @address, @domain, @uri, @nonce, @statement,
       @message, @signature, @issuedAt, @expiresAt, @expirationTime, @createdAt)`,
  );
  const trimAccount = db.prepare(TRIM_ACCOUNT_SQL);
  const byToken = db.prepare('SELECT * FROM siwx_sessions WHERE token_hash = ? AND project_id = ?');
  const ofAccount = db.prepare(
    `SELECT * FROM siwx_sessions WHERE project_id = ? AND namespace = ? AND address = ? AND expires_at > ? AND revoked_at IS NULL
     ORDER BY created_at DESC, rowid DESC LIMIT ?`,
  );
  const revoke = db.prepare('UPDATE siwx_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const deleteNonces = db.prepare('DELETE FROM siwx_nonces WHERE expires_at <= ?');
  const deleteSessions = db.prepare('DELETE FROM siwx_sessions WHERE expires_at <= ?');

  return {
    issueNonce(projectId: string, ipKey: string, now: number, ttlMs: number): NonceRow {
      const row = { nonce: newNonce(), project_id: projectId, ip_key: ipKey, created_at: now, expires_at: now + ttlMs, used_at: null };
      insertNonce.run(row.nonce, projectId, ipKey, now, row.expires_at);
      return row;
    },
    /** The unused, unexpired nonces `ipKey` holds in the project, counted up to `atMost`. */
    outstandingNonces: (projectId: string, ipKey: string, now: number, atMost: number) =>
      (outstanding.get(projectId, ipKey, now, atMost) as { n: number }).n,
    /** When the first of those lapses (ms); undefined when there are none. */
    firstNonceExpiry: (projectId: string, ipKey: string, now: number) =>
      (firstExpiry.get(projectId, ipKey, now) as { at: number | null }).at ?? undefined,
    nonce: (projectId: string, nonce: string) => nonceRow.get(nonce, projectId) as NonceRow | undefined,
    /** True when this call spent the nonce (it was unused and unexpired). */
    spendNonce: (projectId: string, nonce: string, now: number) => spend.run(now, nonce, projectId, now).changes === 1,
    /**
     * Spends the session's nonce and stores the session, keeping the account's newest
     * `keepPerAccount` sessions (the oldest are deleted), all in one transaction. Returns the
     * token (given once, kept only hashed) and the stored session; undefined when the nonce was
     * spent (or lapsed) meanwhile. A namespace no chain module serves is refused (400).
     */
    openSession(session: NewSession, now: number, keepPerAccount: number): { token: string; session: StoredSession } | undefined {
      if (!chainOfNamespace(session.namespace, chains)) {
        const served = chains.map((c) => c.namespace).join(', ');
        throw new HttpError(400, `No chain module of this server serves the namespace ${session.namespace} (served: ${served})`, 'chainId');
      }
      return db.transaction(() => {
        if (spend.run(now, session.nonce, session.projectId, now).changes !== 1) return undefined;
        const token = randomBytes(32).toString('base64url');
        const id = randomUUID();
        insertSession.run({ ...session, id, tokenHash: hashToken(token), createdAt: now });
        trimAccount.run(session.projectId, session.namespace, session.address, keepPerAccount);
        return { token, session: toStored(byToken.get(hashToken(token), session.projectId) as SessionRow) };
      })();
    },
    session(projectId: string, token: string): StoredSession | undefined {
      const row = byToken.get(hashToken(token), projectId) as SessionRow | undefined;
      return row && toStored(row);
    },
    accountSessions(projectId: string, namespace: string, address: string, now: number, limit: number): StoredSession[] {
      return (ofAccount.all(projectId, namespace, address, now, limit) as SessionRow[]).map(toStored);
    },
    revoke: (id: string, now: number) => revoke.run(now, id).changes === 1,
    /** Deletes lapsed nonces, and sessions lapsed more than SESSION_GRACE_MS ago; returns how many rows went. */
    sweep(now: number): number {
      return deleteNonces.run(now).changes + deleteSessions.run(now - SESSION_GRACE_MS).changes;
    },
  };
}
