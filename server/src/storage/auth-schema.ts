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

/** E-mail login, users, devices and sessions (migrations 4, 5, 7, 16); 0/1 columns are flags. */
export interface AuthUsersTable {
  id: string;
  email: string | null;
  evm_address: string | null;
  solana_address: string | null;
  server_share: string | null;
  /** Sealed under the key-encryption key; null once PRF passkeys hold it. */
  recovery_share: string | null;
  created_at: number;
  recovery_share_hash: string | null;
}

export interface AuthDevicesTable {
  email: string;
  device_hash: string;
  approved_at: number;
  /** The device's name (migration 20; null for devices approved before it). */
  name: string | null;
  /** When a session of this device was last opened or used (migration 20; null before it). */
  last_used_at: number | null;
}

export interface AuthLoginsTable {
  id: string;
  email: string;
  device_hash: string;
  new_device: number;
  approved: number;
  device_token_hash: string | null;
  code_hash: string | null;
  expires_at: number;
  attempts: number;
  last_sent_at: number;
  done: number;
  ip: string;
  created_at: number;
  total_attempts: number;
  requester: string;
  device_name: string;
  site: string | null;
  /** 1 when the address had no account at start: the code came at once, no approval (migration 20). */
  new_account: number;
  /** The locale of the login's mails and approval page, one of the 20 (migration 20); null: English. */
  locale: string | null;
}

export interface AuthSessionsTable {
  token_hash: string;
  user_id: string;
  device_hash: string;
  device_verified: number;
  expires_at: number;
  social_provider: string | null;
  user_name: string | null;
}

export interface AuthChallengesTable {
  id: string;
  kind: 'export' | 'email-change';
  user_id: string;
  stage: 'export' | 'primary' | 'secondary' | 'done';
  new_email: string | null;
  code_hash: string | null;
  expires_at: number;
  attempts: number;
  last_sent_at: number;
  total_attempts: number;
}

export interface AuthIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  user_name: string | null;
  created_at: number;
  last_login_at: number;
}

export interface AuthSocialLoginsTable {
  state_hash: string;
  social_id_hash: string;
  provider: string;
  project_id: string;
  device_hash: string;
  origin: string;
  status: 'pending' | 'running' | 'ok' | 'failed';
  message: string | null;
  subject: string | null;
  email: string | null;
  user_name: string | null;
  completion_hash: string | null;
  created_at: number;
  expires_at: number;
}

export interface AuthPasskeysTable {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  wrapped_recovery_share: string | null;
}

export interface AuthPasskeyChallengesTable {
  id: string;
  challenge: string;
  kind: 'register' | 'login';
  user_id: string | null;
  ip: string;
  expires_at: number;
}

export interface AuthTables {
  auth_users: AuthUsersTable;
  auth_devices: AuthDevicesTable;
  auth_logins: AuthLoginsTable;
  auth_sessions: AuthSessionsTable;
  auth_challenges: AuthChallengesTable;
  auth_identities: AuthIdentitiesTable;
  auth_social_logins: AuthSocialLoginsTable;
  auth_passkeys: AuthPasskeysTable;
  auth_passkey_challenges: AuthPasskeyChallengesTable;
  siwx_nonces: SiwxNoncesTable;
  siwx_sessions: SiwxSessionsTable;
  auth_mail_log: AuthMailLogTable;
  auth_code_failures: AuthCodeFailuresTable;
  auth_farcaster_channels: AuthFarcasterChannelsTable;
}
