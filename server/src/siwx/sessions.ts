/**
 * Sign in with X's records and rules, apart from their storage (../storage/siwx.ts, the
 * `app.siwx` repository): nonces issued to a client address and spent once, sessions kept with
 * the SHA-256 of their token, the namespaces a session may be of. Times are ms since the epoch.
 */
import { createHash, randomInt } from 'node:crypto';
import type { SiwxSessionReply } from '../../../src/wire/siwx-api.js';
import { chainOfNamespace } from '../chains/index.js';
import type { ServerChain } from '../chains/types.js';
import type { SiwxNoncesTable, SiwxSessionsTable } from '../storage/auth-schema.js';
import { HttpError } from '../errors.js';

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A session is kept this long after it lapsed, so its token is told 'Session expired' rather than 'Unknown session'. */
export const SESSION_GRACE_MS = 24 * 60 * 60_000;

export type NonceRow = SiwxNoncesTable;

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

export type SessionRow = SiwxSessionsTable;

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

export function toStored(row: SessionRow): StoredSession {
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

/** Refuses (400, naming the namespaces served) a session of a namespace no chain module of `chains` serves. */
export function checkNamespaceServed(namespace: string, chains: readonly ServerChain[]): void {
  if (chainOfNamespace(namespace, chains)) return;
  const served = chains.map((c) => c.namespace).join(', ');
  throw new HttpError(400, `No chain module of this server serves the namespace ${namespace} (served: ${served})`, 'chainId');
}
