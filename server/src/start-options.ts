/** The options of `startServer` (index.ts): what the bin's flags and a program set. */
import type { AaServiceOptions } from './aa/service.js';
import type { AnalyticsRetention } from './analytics-retention.js';
import type { IndexLease, IndexerLogger } from './blockchain/indexer.js';
import type { PriceSource } from './blockchain/prices.js';
import type { EmbeddedWalletOptions } from './frame-site/start.js';
import type { RateLimitOptions } from './rate-limit.js';
import type { StartRelayOptions } from './relay/server.js';
import type { TrustProxy } from './trust-proxy.js';

export interface StartServerOptions extends EmbeddedWalletOptions {
  /** Default 4301; 0 picks a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Directory of the SQLite database (`<dataDir>/w3kit.sqlite`); without one the database is in memory. */
  dataDir?: string;
  /**
   * `--redis`: Redis between instances (relay fan-out, shared per-IP limits, the indexer's lease,
   * GET /ready's check). Absent: all in process, and on Postgres one instance only.
   */
  redisUrl?: string;
  /** `--db`: a Postgres URL (refused by serve until every feature is on the seam: storage/server-storage.ts); absent, SQLite in dataDir. */
  dbUrl?: string;
  /** Create the `w3kit-dev` project and the wallet registry (1000 wallets unless `{ wallets: n }`). */
  seed?: boolean | { wallets?: number };
  /** Per-IP limit; default 3000 requests per 60 s. */
  rateLimit?: RateLimitOptions;
  /** Log requests. Default false. */
  log?: boolean;
  /**
   * Take the client IP from X-Forwarded-For behind reverse proxies: a number of hops (`true` or
   * 1: one proxy in front, whose right-most entry counts) or the proxies' addresses and CIDR
   * ranges. Default false.
   */
  trustProxy?: TrustProxy | boolean;
  /** The URL clients reach the server at, for absolute URLs in replies (icons). Default `url`. */
  publicUrl?: string;
  /**
   * WalletConnect relay port: default port + 1 (a free port when `port` is 0); 0 picks a free
   * port; `false` serves no relay.
   */
  relayPort?: number | false;
  /** The relay's public URL (a JWT audience it accepts besides its own URL) and limits (default RELAY_LIMITS). */
  relay?: Pick<StartRelayOptions, 'publicUrl' | 'limits'>;
  /** EVM JSON-RPC URL of the chain the Blockchain API indexes and reads (`--evm-rpc`). */
  evmRpc?: string;
  /** Solana JSON-RPC URL whose balances the Blockchain API reads (`--solana-rpc`), e.g. the local SVM's. */
  solanaRpc?: string;
  /** Esplora HTTP API whose Bitcoin accounts the Blockchain API reads (`--bitcoin-esplora`), e.g. `w3kit-server btc`'s. */
  bitcoinEsplora?: string;
  /** How often the indexer asks the node for new blocks; default 250 ms. */
  evmPollIntervalMs?: number;
  /** How long the indexer may index nothing while the node has more blocks before it reports a stall; default 30 s. */
  evmStallAfterMs?: number;
  /** Asked before each indexing pass whether this instance indexes the chain (default: always; a Redis or Postgres lease with several instances). */
  indexLease?: IndexLease;
  /** Where the indexer reports a node going away and coming back; default one line on stderr each. */
  indexerLogger?: IndexerLogger;
  /** USD prices for the Blockchain API; default the `prices` table. */
  prices?: PriceSource;
  /** How long analytics events are kept (days) and how many per project; default 90 days, 100,000 events. */
  analyticsRetention?: Partial<AnalyticsRetention>;
  /** The name registry's zone (`--name-zone`); default w3kit.id. */
  nameZone?: string;
  /** The sandbox on-ramp's payout key (`--onramp-key`); default Hardhat's dev account 19, refused off local chains. */
  onrampKey?: `0x${string}`;
  /**
   * Host names (or `*.example.com`) the servers answer for besides their listen host, loopback
   * and the hosts of the public URLs (`--allowed-hosts`); `['*']` answers any. Others get 421.
   */
  allowedHosts?: readonly string[];
  /** The token GET /metrics asks for (`Authorization: Bearer <token>`); without one /metrics is a 404. */
  metricsToken?: string;
  /** The smart-account services of the `--evm-rpc` chain: its bundler (`--bundler-url`) and the paymaster service's key, paymaster and daily gas per account. */
  aa?: AaServiceOptions;
}
