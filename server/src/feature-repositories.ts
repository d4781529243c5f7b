/**
 * The repositories of the features behind the storage seam after projects (issue 31): names,
 * on-ramp sessions, wallets and images, analytics, the DEX. The plugin decorates the Fastify
 * instance with them (through fastify-plugin, so every route plugin sees them): routes call
 * `app.names.register(...)`, never SQL or a database handle. Each works on SQLite or Postgres.
 */
import fp from 'fastify-plugin';
import { DEFAULT_ANALYTICS_RETENTION, type AnalyticsRetention } from './analytics-retention.js';
import { analyticsRepository, type AnalyticsRepository } from './storage/analytics.js';
import type { DexRepository } from './dex/store.js';
import { dexRepository } from './storage/dex.js';
import type { Storage } from './storage/engine.js';
import { namesRepository, type NamesRepository } from './storage/names.js';
import { onrampSessionsRepository } from './storage/onramp-sessions.js';
import { imagesRepository, type ImagesRepository } from './storage/images.js';
import { walletsRepository, type WalletsRepository } from './storage/wallets.js';
import type { OnrampSessions } from './onramp/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    names: NamesRepository;
    onrampSessions: OnrampSessions;
    wallets: WalletsRepository;
    images: ImagesRepository;
    analytics: AnalyticsRepository;
    dex: DexRepository;
  }
}

export interface FeatureRepositoriesOptions {
  storage: Storage;
  /** Analytics retention (days, events per project); the defaults of DEFAULT_ANALYTICS_RETENTION unless set. */
  analyticsRetention?: Partial<AnalyticsRetention>;
}

export const featureRepositories = fp<FeatureRepositoriesOptions>(
  async (app, { storage, analyticsRetention }) => {
    const retention = { ...DEFAULT_ANALYTICS_RETENTION, ...analyticsRetention };
    const analytics = analyticsRepository(storage, retention);
    const prune = () => analytics.prune().catch((err: unknown) => app.log.error({ err }, 'analytics retention'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await prune();
      timer = setInterval(() => void prune(), retention.pruneIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    app.decorate('analytics', analytics);
    app.decorate('dex', dexRepository(storage));
    app.decorate('names', namesRepository(storage));
    app.decorate('onrampSessions', onrampSessionsRepository(storage));
    app.decorate('wallets', walletsRepository(storage));
    app.decorate('images', imagesRepository(storage));
  },
  { name: 'w3kit-feature-repositories', fastify: '5.x' },
);
