/**
 * The tables of sign-in (SIWX, e-mail and social logins, devices, passkeys) as the seam's
 * repositories see them; StorageSchema (./schema.ts) extends this. Columns follow migration 18
 * (../db/migrations.ts) and the Postgres baseline (./postgres/baseline-auth.ts); times are ms.
 */

export interface SiwxNoncesTable {
  nonce: string;
  project_id: string;
  /** The key of the address that asked for it (src/client-key.ts). */
  ip_key: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SiwxSessionsTable {
  id: string;
  token_hash: string;
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

export interface AuthMailLogTable {
  email: string;
  requester: string;
  device_hash: string | null;
  sent_at: number;
}

export interface AuthCodeFailuresTable {
  account: string;
  failed_at: number;
}

export interface AuthFarcasterChannelsTable {
  id: string;
  token_hash: string;
  device_hash: string;
  nonce: string;
  ip: string;
  expires_at: number;
  fid: number | null;
  user_name: string | null;
  message: string | null;
  signature: string | null;
}

export interface AuthTables {
  siwx_nonces: SiwxNoncesTable;
  siwx_sessions: SiwxSessionsTable;
  auth_mail_log: AuthMailLogTable;
  auth_code_failures: AuthCodeFailuresTable;
  auth_farcaster_channels: AuthFarcasterChannelsTable;
}
