/**
 * w3kit-server, programmatic API: `startServer` runs the Provider API (projects, wallet
 * registry, images, analytics), the Blockchain API over an EVM index (with `evmRpc`), the
 * WalletConnect relay (`startRelay`) and the embedded wallet's frame origin (frame site and
 * auth API, with e-mail through SMTP or the development sink) over SQLite; the project,
 * wallet, price, identity and spam functions manage its data.
 */
import type { AnalyticsRetention } from './analytics-retention.js';
import { projectsRepository } from './storage/projects.js';
import { openServerStorage } from './storage/server-storage.js';
import { hostsOfUrls } from './allowed-hosts.js';
import { buildApp } from './app.js';
import { createIndexer, type IndexLease, type Indexer, type IndexerLogger } from './blockchain/indexer.js';
import { seedDevIdentities } from './blockchain/identities.js';
import { seedDevPrices, type PriceSource } from './blockchain/prices.js';
import { chainRpcUrls } from './chains/index.js';
import { seedStaticImages } from './storage/images.js';
import { startRelay, type RunningRelay, type StartRelayOptions } from './relay/server.js';
import type { RateLimitOptions } from './rate-limit.js';
import { serverUrl } from './server-url.js';
import type { TrustProxy } from './trust-proxy.js';
import { DEFAULT_SEED_WALLETS, seedWallets } from './wallets/seed.js';
import { closeWithinGrace } from './http/close.js';
import { ServerMetrics } from './ops/metrics.js';
import type { RunningServer } from './running-server.js';
import { openScale } from './scale.js';
import { readinessChecks } from './ops/readiness.js';
import { setUpMail, startFrameSite, type EmbeddedWalletOptions, type MailSetup, type RunningFrameSite } from './frame-site/start.js';

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
}

export const DEFAULT_PORT = 4301;
export const DEFAULT_HOST = '127.0.0.1';

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = DEFAULT_PORT, host = DEFAULT_HOST, dataDir, seed = false } = options;
  const storage = await openServerStorage(options.dbUrl, dataDir);
  const db = storage.sqlite;
  const scale = await openScale({ redisUrl: options.redisUrl, engine: storage.engine, dbUrl: options.dbUrl, storage });
  const projects = projectsRepository(storage);
  // Every server answers for every configured public name (one deployment, several origins).
  const allowedHosts = [
    ...(options.allowedHosts ?? []),
    // The listen host as configured (a name resolves to the address the servers see).
    ...(host === '0.0.0.0' || host === '::' ? [] : [host.toLowerCase()]),
    ...hostsOfUrls([options.publicUrl, options.relay?.publicUrl, options.framePublicUrl]),
  ];
  let relay: RunningRelay | undefined;
  let indexer: Indexer | undefined;
  let mail: MailSetup | undefined;
  let frame: RunningFrameSite | undefined;
  let actualPort = port;
  const metrics = new ServerMetrics();
  try {
    await seedStaticImages(storage);
    if (seed) {
      await projects.seedDev();
      await seedWallets(storage, { count: (typeof seed === 'object' ? seed.wallets : undefined) ?? DEFAULT_SEED_WALLETS });
      await seedDevPrices(storage);
      await seedDevIdentities(storage);
    }
    if (options.evmRpc)
      indexer = createIndexer({
        storage,
        rpcUrl: options.evmRpc,
        pollIntervalMs: options.evmPollIntervalMs,
        stallAfterMs: options.evmStallAfterMs,
        ...(options.indexerLogger ? { logger: options.indexerLogger } : {}),
        lease: options.indexLease ?? scale.lease,
      });
    if (indexer && !options.indexLease) scale.lease.start();
    await indexer?.restore();
    metrics.sources.indexers = () => (indexer ? [indexer.status()] : []);
    if (scale.redis) metrics.sources.redis = scale.redis.problem;
    const app = buildApp({
      db,
      storage,
      rateLimit: options.rateLimit,
      log: options.log,
      trustProxy: options.trustProxy,
      publicUrl: options.publicUrl ?? (() => serverUrl(host, actualPort)),
      blockchain: { indexer, prices: options.prices, rpcUrls: chainRpcUrls(options) },
      analyticsRetention: options.analyticsRetention,
      names: { zone: options.nameZone },
      onramp: options.onrampKey ? { key: options.onrampKey } : {},
      allowedHosts,
      metrics,
      metricsToken: options.metricsToken,
      rateLimitCounters: scale.counters,
      readiness: readinessChecks(db, scale.redis),
    });
    mail = await setUpMail(app, host, options);
    await app.listen({ port, host });
    const address = app.server.address();
    actualPort = typeof address === 'object' && address ? address.port : port;
    const relayPort = options.relayPort ?? (port === 0 ? 0 : port + 1);
    if (relayPort !== false) {
      try {
        relay = await startRelay({
          port: relayPort,
          host,
          db,
          log: options.log,
          trustProxy: options.trustProxy,
          allowedHosts,
          metrics,
          redis: scale.redis,
          ...options.relay,
        });
      } catch (err) {
        await app.close();
        throw err;
      }
    }
    const framePort = options.framePort ?? (port === 0 ? 0 : port + 2);
    if (framePort !== false) {
      try {
        frame = await startFrameSite(
          {
            storage,
            host,
            dataDir,
            rateLimit: options.rateLimit,
            log: options.log,
            trustProxy: options.trustProxy,
            allowedHosts,
            metrics,
            rateLimitCounters: scale.counters,
          },
          mail,
          framePort,
          options,
        );
      } catch (err) {
        await Promise.allSettled([relay?.close(), app.close()]);
        throw err;
      }
    }
    indexer?.start();
    const sink = mail.sink;
    let closed: Promise<void> | undefined;
    return {
      url: serverUrl(host, actualPort),
      port: actualPort,
      relayUrl: relay?.url,
      relayPort: relay?.port,
      db,
      storage,
      projects,
      redis: scale.redis?.shown,
      indexer,
      frameUrl: frame?.url,
      framePort: frame?.port,
      oidcUrl: frame?.oidcUrl,
      smtpSinkPort: sink?.port,
      mails: () => sink?.mails() ?? [],
      close() {
        closed ??= Promise.allSettled([indexer?.stop(), relay?.close(), closeWithinGrace(app), frame?.close(), mail?.close()]).then(
          async () => {
            await scale.close();
            db.close();
          },
        );
        return closed;
      },
    };
  } catch (err) {
    await indexer?.stop();
    await mail?.close();
    await scale.close();
    if (db.open) db.close();
    throw err;
  }
}

export type { RunningServer } from './running-server.js';
export { buildApp, type BuildAppOptions } from './app.js';
export { buildFrameApp, type BuildFrameAppOptions } from './frame-site/app.js';
export { DEFAULT_FRAME_SITE_DIR, type EmbeddedWalletOptions } from './frame-site/start.js';
export { frameSiteCsp, frameAncestors } from './frame-site/csp.js';
export { startSmtpSink, type SmtpSink, type SinkMail } from './mail/sink.js';
export { createMailer, DEFAULT_MAIL_FROM, type Mailer, type OutgoingMail } from './mail/mailer.js';
export { loadKek, encryptShare, decryptShare, KEK_FILE_NAME } from './auth/kek.js';
export { DEFAULT_SESSION_TTL_MS, DEFAULT_AUTH_LIMITS, type AuthLimits } from './auth/context.js';
export { serverUrl } from './server-url.js';
export { parseSocials, type SocialsConfig, type SocialProviderConfig } from './auth/social/config.js';
export type { TrustProxy } from './trust-proxy.js';
export {
  startRelay,
  relayUrl,
  RELAY_LIMITS,
  RPC_ERRORS,
  subscriptionId,
  type StartRelayOptions,
  type RunningRelay,
  type RelayLimits,
} from './relay/index.js';
export * from './storage/public-api.js';
export { InputError, NotFoundError, HttpError } from './errors.js';
export { queryWallets, countWallets, getWallet, type WalletQuery } from './wallets/registry.js';
export { WalletImportError, type ImportWalletsOptions, type ImportWalletsResult, type WalletIssue } from './wallets/import.js';
export { importWallets } from './storage/wallets-sync.js';
export { seedWallets, generatedWallets, seedWalletEntries, DEFAULT_SEED_WALLETS, type SeedWalletsOptions } from './wallets/seed.js';
export { getImage, putImage, type ImageKind } from './images/store.js';
export { seedStaticImages } from './storage/images.js';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit.js';
export { DEFAULT_ANALYTICS_RETENTION, type AnalyticsRetention } from './analytics-retention.js';
export {
  createIndexer,
  IN_PROCESS_LEASE,
  type Indexer,
  type IndexerOptions,
  type IndexerStatus,
  type IndexerLogger,
  type IndexLease,
} from './blockchain/indexer.js';
export {
  setPrice,
  removePrice,
  listPrices,
  seedDevPrices,
  tablePriceSource,
  DEV_PRICES,
  type PriceSource,
  type PriceRow,
} from './blockchain/prices.js';
export {
  getIdentity,
  setIdentity,
  removeIdentity,
  listIdentities,
  getProfile,
  reverseProfiles,
  seedDevIdentities,
  DEV_IDENTITIES,
  ETH_COIN_TYPE,
  type Identity,
  type Profile,
} from './blockchain/identities.js';
export { markSpam, unmarkSpam, listSpam, looksLikeSpam } from './blockchain/spam.js';
export { listTokens, type TokenInfo } from './blockchain/tokens.js';
export type { BlockchainOptions } from './repositories.js';
export { deployDex, DexDeployError, DEV_DEPLOYER_KEY, type DeployDexOptions, type DeployDexResult } from './dex/deploy.js';
export { getDex, dexLine, type DexRecord, type DexToken } from './dex/store.js';
export { SWAPS_UNSUPPORTED, GAS_PRICE_UNSUPPORTED } from './routes/convert.js';
