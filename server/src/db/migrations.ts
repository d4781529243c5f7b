/**
 * Schema migrations: one ordered list for both engines, applied by `openDatabase` (SQLite) and
 * `migratePostgres` (../storage/postgres/migrate.ts). Append new ones with the next version
 * number; never edit one that has shipped.
 *
 * How the list maps onto the two engines (issue 31):
 * - Versions 1-18 shipped as SQLite SQL run on a raw better-sqlite3 handle (`up(db)`). They stay
 *   as they are, so a database written by any earlier release migrates in place, step by step,
 *   exactly as before. On Postgres they never run: a fresh Postgres database gets the baseline
 *   (../storage/postgres/baseline-*.ts), migration 18's schema written once in Postgres DDL, and
 *   versions 1-18 are recorded as applied. Translating the 18 steps one by one would buy nothing:
 *   no Postgres database was ever written by them, and SQLite's table rebuilds (its way to
 *   change a column) have no meaning there. A test compares the two schemas column by column.
 * - From version 19 on a migration is shared (`statements(db, engine)`): Kysely builders (the
 *   schema builder, or `sql` for what it lacks), compiled for each engine and run in the same
 *   transaction as the version row. Builders rather than async functions keep SQLite's
 *   `openDatabase` synchronous for the features still on the raw handle; a step that differs
 *   by engine branches on `engine`. An SQLite-only migration past the baseline is refused on
 *   Postgres by name.
 */
import type { Database } from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';
import type { Engine } from '../storage/url.js';
import { authLimitsMigration } from './auth-limits-migration.js';
import { authMigration, identitiesMigration, passkeysMigration, socialLoginsMigration } from './auth-migrations.js';
import { dexMigration } from './steps/dex.js';
import { namesMigration } from './steps/names.js';
import { siwxChainsMigration, siwxLimitsMigration, siwxMigration } from './steps/siwx.js';
import { siwxNamespaceMigration } from './steps/siwx-namespace.js';
import { onrampMigration } from './steps/onramp.js';
import { onrampPayoutMigration } from './steps/onramp-payout.js';
import { onrampClaimsMigration } from './steps/onramp-claims.js';
import { devicesMigration } from './steps/devices.js';
import { paymasterSpendMigration } from './steps/paymaster-spend.js';
import { smartSessionsMigration } from './steps/smart-sessions.js';
import { relayRetentionMigration, relaySubscriptionsMigration } from '../storage/relay-migrations.js';

/** A shipped SQLite-only step (versions 1-18; Postgres starts from the baseline). */
export interface SqliteMigration {
  version: number;
  name: string;
  up(db: Database): void;
}

/** A step for both engines: the statements to run, built with Kysely and compiled per engine. */
export interface SharedMigration {
  version: number;
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its time, not today's types
  statements(db: Kysely<any>, engine: Engine): readonly Compilable[];
}

export type Migration = SqliteMigration | SharedMigration;

/** The last SQLite-only version: Postgres's baseline equals the schema after it. */
export const POSTGRES_BASELINE_VERSION = 18;

export function isShared(m: Migration): m is SharedMigration {
  return 'statements' in m;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'projects, wallets, images, analytics events',
    up(db) {
      db.exec(`
        CREATE TABLE projects (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          allowed_origins TEXT NOT NULL DEFAULT '[]',
          features TEXT NOT NULL DEFAULT '{}',
          analytics INTEGER NOT NULL DEFAULT 0 CHECK (analytics IN (0, 1)),
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );

        CREATE TABLE wallets (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          homepage TEXT,
          image_id TEXT NOT NULL,
          sort_order INTEGER NOT NULL,
          rdns TEXT,
          chains TEXT NOT NULL DEFAULT '[]',
          badge_type TEXT NOT NULL CHECK (badge_type IN ('certified', 'none')),
          mobile_link TEXT,
          desktop_link TEXT,
          webapp_link TEXT,
          link_mode TEXT,
          app_store TEXT,
          play_store TEXT,
          chrome_store TEXT,
          injected TEXT,
          supports_wc INTEGER NOT NULL CHECK (supports_wc IN (0, 1))
        );
        CREATE INDEX wallets_by_order ON wallets (sort_order, name, id);
        CREATE INDEX wallets_by_lower_name ON wallets (lower(name));
        CREATE INDEX wallets_by_rdns ON wallets (rdns);

        CREATE TABLE images (
          kind TEXT NOT NULL CHECK (kind IN ('wallet', 'asset', 'currency', 'token')),
          id TEXT NOT NULL,
          content_type TEXT NOT NULL,
          body BLOB NOT NULL,
          etag TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          PRIMARY KEY (kind, id)
        );

        CREATE TABLE analytics_events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
          event_id TEXT NOT NULL,
          url TEXT NOT NULL,
          domain TEXT NOT NULL,
          timestamp INTEGER NOT NULL,
          type TEXT NOT NULL,
          event TEXT NOT NULL,
          props TEXT NOT NULL,
          sdk_type TEXT,
          sdk_version TEXT,
          received_at INTEGER NOT NULL,
          UNIQUE (project_id, event_id)
        );
        CREATE INDEX analytics_events_by_time ON analytics_events (project_id, received_at);
      `);
    },
  },
  {
    version: 2,
    name: 'WalletConnect relay messages, deliveries and subscriptions',
    up(db) {
      db.exec(`
        CREATE TABLE relay_messages (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          topic TEXT NOT NULL,
          message TEXT NOT NULL,
          tag INTEGER NOT NULL DEFAULT 0,
          attestation TEXT,
          sender_client_id TEXT NOT NULL,
          published_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX relay_messages_by_topic ON relay_messages (topic, id);
        CREATE INDEX relay_messages_by_expiry ON relay_messages (expires_at);

        CREATE TABLE relay_deliveries (
          message_id INTEGER NOT NULL REFERENCES relay_messages (id) ON DELETE CASCADE,
          client_id TEXT NOT NULL,
          delivered_at INTEGER NOT NULL,
          PRIMARY KEY (message_id, client_id)
        ) WITHOUT ROWID;

        CREATE TABLE relay_subscriptions (
          client_id TEXT NOT NULL,
          topic TEXT NOT NULL,
          id TEXT NOT NULL,
          subscribed_at INTEGER NOT NULL,
          PRIMARY KEY (client_id, topic)
        ) WITHOUT ROWID;
        CREATE INDEX relay_subscriptions_by_topic ON relay_subscriptions (topic);
      `);
    },
  },
  {
    version: 3,
    name: 'Blockchain API: EVM index (chains, blocks, transactions, transfers, tokens, NFTs), spam list, prices, identities',
    up(db) {
      // Addresses and hashes are stored lower-case; amounts and token ids as decimal text.
      db.exec(`
        CREATE TABLE evm_chains (
          chain_id TEXT PRIMARY KEY,
          rpc_url TEXT NOT NULL,
          head INTEGER,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX evm_chains_by_rpc ON evm_chains (rpc_url);

        CREATE TABLE evm_blocks (
          chain_id TEXT NOT NULL,
          number INTEGER NOT NULL,
          hash TEXT NOT NULL,
          parent_hash TEXT NOT NULL,
          timestamp INTEGER NOT NULL,
          PRIMARY KEY (chain_id, number)
        ) WITHOUT ROWID;

        CREATE TABLE evm_transactions (
          chain_id TEXT NOT NULL,
          hash TEXT NOT NULL,
          block_number INTEGER NOT NULL,
          tx_index INTEGER NOT NULL,
          from_address TEXT NOT NULL,
          to_address TEXT,
          created_contract TEXT,
          value TEXT NOT NULL,
          nonce INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('confirmed', 'failed')),
          timestamp INTEGER NOT NULL,
          PRIMARY KEY (chain_id, hash)
        );
        CREATE INDEX evm_transactions_by_position ON evm_transactions (chain_id, block_number, tx_index);
        CREATE INDEX evm_transactions_by_from ON evm_transactions (chain_id, from_address);
        CREATE INDEX evm_transactions_by_to ON evm_transactions (chain_id, to_address);

        CREATE TABLE evm_transfers (
          chain_id TEXT NOT NULL,
          tx_hash TEXT NOT NULL,
          log_index INTEGER NOT NULL,
          block_number INTEGER NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('native', 'erc20', 'erc721')),
          token_address TEXT,
          from_address TEXT NOT NULL,
          to_address TEXT NOT NULL,
          amount TEXT NOT NULL,
          token_id TEXT,
          PRIMARY KEY (chain_id, tx_hash, log_index)
        );
        CREATE INDEX evm_transfers_by_block ON evm_transfers (chain_id, block_number);
        CREATE INDEX evm_transfers_by_from ON evm_transfers (chain_id, from_address);
        CREATE INDEX evm_transfers_by_to ON evm_transfers (chain_id, to_address);
        CREATE INDEX evm_transfers_by_nft ON evm_transfers (chain_id, token_address, token_id, block_number);

        CREATE TABLE evm_tokens (
          chain_id TEXT NOT NULL,
          address TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('erc20', 'erc721')),
          name TEXT NOT NULL,
          symbol TEXT NOT NULL,
          decimals INTEGER,
          image_id TEXT NOT NULL,
          spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
          first_block INTEGER NOT NULL,
          PRIMARY KEY (chain_id, address)
        );

        CREATE TABLE evm_nfts (
          chain_id TEXT NOT NULL,
          contract TEXT NOT NULL,
          token_id TEXT NOT NULL,
          owner TEXT NOT NULL,
          name TEXT NOT NULL,
          image TEXT,
          spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
          first_block INTEGER NOT NULL,
          owner_block INTEGER NOT NULL,
          PRIMARY KEY (chain_id, contract, token_id)
        );
        CREATE INDEX evm_nfts_by_owner ON evm_nfts (chain_id, owner);

        CREATE TABLE spam_contracts (
          address TEXT PRIMARY KEY,
          added_at TEXT NOT NULL
        );

        CREATE TABLE prices (
          chain_id TEXT NOT NULL,
          token TEXT NOT NULL,
          usd REAL NOT NULL CHECK (usd >= 0),
          updated_at TEXT NOT NULL,
          PRIMARY KEY (chain_id, token)
        );

        CREATE TABLE identities (
          address TEXT PRIMARY KEY,
          name TEXT,
          avatar TEXT,
          updated_at TEXT NOT NULL
        );
      `);
    },
  },
  authMigration,
  identitiesMigration,
  socialLoginsMigration,
  passkeysMigration,
  siwxMigration,
  dexMigration,
  onrampMigration,
  namesMigration,
  siwxLimitsMigration,
  onrampPayoutMigration,
  relaySubscriptionsMigration,
  relayRetentionMigration,
  authLimitsMigration,
  siwxChainsMigration,
  siwxNamespaceMigration,
  onrampClaimsMigration,
  devicesMigration,
  paymasterSpendMigration,
  smartSessionsMigration,
];
