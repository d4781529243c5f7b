/**
 * The tables of the features moved behind the seam after projects (names, on-ramp sessions,
 * wallets and images, analytics, the DEX), as Kysely sees them on both engines. Columns follow
 * migration 18's schema (../db/migrations.ts) and the Postgres baseline (./postgres/).
 */
import type { Generated } from 'kysely';

export interface RegisteredNamesTable {
  /** Unique in any case: COLLATE NOCASE on SQLite, a unique index on lower(name) on Postgres. */
  name: string;
  zone: string;
  /** Lower-case. */
  address: string;
  /** JSON object. */
  attributes: string;
  message: string;
  signature: string;
  created_at: number;
}

/** The operator-set identities (`w3kit-server identity set`); names read here only to keep a name taken once. */
export interface IdentitiesTable {
  address: string;
  name: string | null;
  avatar: string | null;
  updated_at: string;
}

export interface OnrampSessionsTable {
  id: string;
  csrf: string;
  project_id: string;
  chain_id: string;
  address: string;
  asset: string;
  crypto_amount: string;
  fiat_total: string;
  fiat_fee: string;
  fiat_currency: string;
  status: 'pending' | 'paying' | 'paid' | 'failed';
  tx_hash: string | null;
  tx_nonce: number | null;
  tx_from: string | null;
  tx_raw: string | null;
  failure: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  /** The claiming instance's random id and the claim's time (migration 19); null while not claimed. */
  claimed_by: string | null;
  claimed_at: number | null;
}

export interface WalletsTable {
  id: string;
  name: string;
  homepage: string | null;
  image_id: string;
  sort_order: number;
  rdns: string | null;
  /** JSON list of CAIP-2 chain ids. */
  chains: string;
  badge_type: 'certified' | 'none';
  mobile_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  link_mode: string | null;
  app_store: string | null;
  play_store: string | null;
  chrome_store: string | null;
  injected: string | null;
  /** 0 or 1. */
  supports_wc: number;
}

export interface ImagesTable {
  kind: 'wallet' | 'asset' | 'currency' | 'token';
  id: string;
  content_type: string;
  body: Buffer;
  etag: string;
  updated_at: string;
}

export interface AnalyticsEventsTable {
  /** Generated (AUTOINCREMENT on SQLite, an identity on Postgres). */
  seq: Generated<number>;
  project_id: string;
  event_id: string;
  url: string;
  domain: string;
  timestamp: number;
  type: string;
  event: string;
  props: string;
  sdk_type: string | null;
  sdk_version: string | null;
  received_at: number;
}

export interface DexDeploymentsTable {
  chain_id: number;
  /** The JSON of a DexRecord. */
  record: string;
  deployed_at: number;
}

/** Gas the paymaster service signed for, per chain, account and UTC day (migration 21). */
export interface PaymasterSpendTable {
  chain_id: string;
  account: string;
  /** Days since the Unix epoch (UTC). */
  day: number;
  gas: number;
}

/** The smart-account sessions a wallet registered (migration 22; ./smart-sessions.ts). */
export interface SmartSessionsTable {
  pci: string;
  /** CAIP-2. */
  chain_id: string;
  /** The granting smart account, lowercase. */
  account: string;
  origin: string;
  roles: string;
  role_key: string;
  session_account: string;
  /** JSON of the granted ERC-7715 permissions. */
  permissions: string;
  /** Unix seconds. */
  expiry: number;
  /** JSON of the owner-signed user operation that revokes the session. */
  revoke_op: string;
  /** 'active', 'ending' (a revoke being submitted), 'revoked' or 'expired'. */
  status: string;
  created_at: number;
  ended_at: number | null;
}

export interface FeatureTables {
  registered_names: RegisteredNamesTable;
  identities: IdentitiesTable;
  onramp_sessions: OnrampSessionsTable;
  wallets: WalletsTable;
  images: ImagesTable;
  analytics_events: AnalyticsEventsTable;
  dex_deployments: DexDeploymentsTable;
  paymaster_spend: PaymasterSpendTable;
  smart_sessions: SmartSessionsTable;
}
