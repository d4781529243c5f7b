/**
 * The tables the seam's repositories read and write, as Kysely sees them (both engines return
 * these shapes: numbers for integers, pg's int8 parsed as one). A feature moving behind the
 * seam adds its tables here; columns follow migration 18's schema (../db/migrations.ts).
 */
import type { AuthTables } from './auth-schema.js';
import type { FeatureTables } from './feature-schema.js';
import type { IndexTables } from './index-schema.js';
import type { RelayTables } from './relay-schema.js';

export interface ProjectsTable {
  id: string;
  name: string;
  /** JSON list of origin patterns. */
  allowed_origins: string;
  /** JSON object of remote features. */
  features: string;
  /** 0 or 1. */
  analytics: number;
  /** JSON list of CAIP-2 chain ids, or null for the server's default. */
  siwx_chains: string | null;
  created_at: string;
  updated_at: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

/** The tables of sign-in (./auth-schema.ts), of names, on-ramp, wallets and images, analytics and the DEX (./feature-schema.ts), the Blockchain API's index (./index-schema.ts) and the relay (./relay-schema.ts). */
export interface StorageSchema extends AuthTables, FeatureTables, IndexTables, RelayTables {
  projects: ProjectsTable;
  schema_migrations: SchemaMigrationsTable;
}
