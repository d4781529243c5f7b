/**
 * w3kit-server, programmatic API: `startServer` runs the Provider API (projects, wallet
 * registry, images, analytics), the Blockchain API over an EVM index (with `evmRpc`), the
 * WalletConnect relay (`startRelay`) and the embedded wallet's frame origin (frame site and
 * auth API, with e-mail through SMTP or the development sink) over SQLite; the project,
 * wallet, price, identity and spam functions manage its data.
 */
import { projectsRepository } from './storage/projects.js';
import { openServerStorage, sqliteHandle } from './storage/server-storage.js';
import { hostsOfUrls } from './allowed-hosts.js';
import { buildApp } from './app.js';
import { createIndexer, type Indexer } from './blockchain/indexer.js';
import { seedDevIdentities } from './blockchain/identities.js';
import { seedDevPrices } from './blockchain/prices.js';
import { chainRpcUrls } from './chains/index.js';
import { seedStaticImages } from './storage/images.js';
import { startRelay, type RunningRelay } from './relay/server.js';
import { serverUrl } from './server-url.js';
import { DEFAULT_SEED_WALLETS, seedWallets } from './wallets/seed.js';
import { closeWithinGrace } from './http/close.js';
import { ServerMetrics } from './ops/metrics.js';
import type { RunningServer } from './running-server.js';
import type { StartServerOptions } from './start-options.js';
import { openScale } from './scale.js';
import { readinessChecks } from './ops/readiness.js';
import { setUpMail, startFrameSite, type MailSetup, type RunningFrameSite } from './frame-site/start.js';
import { aaService } from './aa/service.js';

export type { StartServerOptions } from './start-options.js';

export const DEFAULT_PORT = 4301;
export const DEFAULT_HOST = '127.0.0.1';

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = DEFAULT_PORT, host = DEFAULT_HOST, dataDir, seed = false } = options;
  const storage = await openServerStorage(options.dbUrl, dataDir);
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
      readiness: readinessChecks(storage, scale.redis),
      aa: aaService(options.evmRpc, options.aa),
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
          db: storage,
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
      get db() {
        return sqliteHandle(storage);
      },
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
            await storage.close();
          },
        );
        return closed;
      },
    };
  } catch (err) {
    await indexer?.stop();
    await mail?.close();
    await scale.close();
    await storage.close();
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
export { deployAa, safeContracts, type AaDeployOptions, type AaDeployment, type AaDeployResult, type SafeContracts } from './aa/deploy.js';
export { AaDeployError } from './aa/errors.js';
export { startBundler, type BundlerOptions, type RunningBundler } from './aa/bundler.js';
export { sponsor, paymasterStub, type PaymasterFields, type SponsorOptions } from './aa/sponsor.js';
