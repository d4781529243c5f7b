/**
 * Starts what the embedded wallet needs beside the main app: the development SMTP sink (with
 * /dev/mail on the main app), the mailer, the key-encryption key, and the frame origin's app
 * (frame site and auth API) on the frame port.
 */
import type { ServerMetrics } from '../ops/metrics.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createAuthContext, type AuthContext, type AuthLimits } from '../auth/context.js';
import { farcasterSandbox } from '../auth/farcaster/sandbox-registry.js';
import { loadKek } from '../auth/kek.js';
import type { Storage } from '../storage/engine.js';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from '../mail/mailer.js';
import { startSmtpSink, type SinkMail, type SmtpSink } from '../mail/sink.js';
import type { CounterFactory, RateLimitOptions } from '../rate-limit.js';
import { devMailRoutes } from '../routes/dev-mail.js';
import { serverUrl } from '../server-url.js';
import type { TrustProxy } from '../trust-proxy.js';
import { setUpSocial, type SocialOptions } from '../auth/social/setup.js';
import { buildFrameApp } from './app.js';
import { closeWithinGrace } from '../http/close.js';
import { isLoopbackName } from '../allowed-hosts.js';

/**
 * The frame site's public URL when no `framePublicUrl` is given: on a loopback host it is
 * `http://localhost:PORT` (passkeys refuse IP-address origins, and the social login's redirect
 * and the mails' links must name the origin the browser uses); elsewhere the listener's URL.
 */
export function defaultFrameUrl(host: string, port: number): string {
  return isLoopbackName(host) ? `http://localhost:${port}` : serverUrl(host, port);
}

/**
 * The frame site folder beside the running bundle (server/dist/frame-site); run from the sources
 * (server/src/frame-site/start.ts, as tests do), the built one in server/dist.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_FRAME_SITE_DIR =
  path.basename(HERE) === 'frame-site' && path.basename(path.dirname(HERE)) === 'src'
    ? path.resolve(HERE, '../../dist/frame-site')
    : path.join(HERE, 'frame-site');

export interface EmbeddedWalletOptions extends SocialOptions {
  /** Frame site port: default port + 2 (a free one when `port` is 0); 0 picks a free port; `false` serves none. */
  framePort?: number | false;
  /** The frame site's files (index.html, frame.js, frame.css); default `<bundle folder>/frame-site`. */
  frameSiteDir?: string;
  /** The frame origin as users reach it, for links in mails; default defaultFrameUrl (localhost on a loopback host). */
  framePublicUrl?: string;
  /** SMTP server for login mails, `smtp://HOST:PORT`; without it (and without `smtpSink`) e-mail login answers 503. */
  smtp?: string;
  /** Sender of login mails; default DEFAULT_MAIL_FROM. */
  mailFrom?: string;
  /** Run the development SMTP sink on this port (0 free) and use it unless `smtp` is given; serves /dev/mail. */
  smtpSink?: number | false;
  /** The key-encryption key, base64 (W3KIT_KEK), or a file holding it (`--kek-file`). */
  kek?: string;
  kekFile?: string;
  /** Session lifetime; default 24 h. */
  sessionTtlMs?: number;
  /** The auth API's per-IP limits on starts and code checks. */
  authLimits?: Partial<AuthLimits>;
  /** Serve Farcaster login through the development sandbox (test users, test keys: never in production). */
  farcasterSandbox?: boolean;
  /** The auth clock (tests). */
  now?: () => number;
  /** Where warnings go (a created key-encryption key); default stderr. */
  warn?: (line: string) => void;
}

export interface Common {
  /** The storage seam the auth API's repositories use. */
  storage: Storage;
  host: string;
  dataDir: string | undefined;
  rateLimit?: RateLimitOptions;
  log?: boolean;
  trustProxy?: TrustProxy | boolean;
  /** The host names served besides the listen host and loopback (allowed-hosts.ts). */
  allowedHosts?: readonly string[];
  /** Where the frame site's requests are counted (GET /metrics on the Provider API). */
  metrics?: ServerMetrics;
  /** Where the per-IP limit counts (with `--redis`, shared by every instance). */
  rateLimitCounters?: CounterFactory;
}

export interface MailSetup {
  sink: SmtpSink | undefined;
  mailer: Mailer | undefined;
  close(): Promise<void>;
}

/** Starts the sink (registering /dev/mail on the main app, before it listens) and the mailer. */
export async function setUpMail(app: FastifyInstance, host: string, options: EmbeddedWalletOptions): Promise<MailSetup> {
  const sink =
    options.smtpSink === undefined || options.smtpSink === false ? undefined : await startSmtpSink({ port: options.smtpSink, host });
  if (sink) app.register(devMailRoutes(() => sink.mails()));
  const smtp = options.smtp ?? (sink ? `smtp://127.0.0.1:${sink.port}` : undefined);
  let mailer: Mailer | undefined;
  try {
    mailer = smtp ? createMailer(smtp, options.mailFrom ?? DEFAULT_MAIL_FROM) : undefined;
  } catch (err) {
    await sink?.close();
    throw err;
  }
  return {
    sink,
    mailer,
    async close() {
      mailer?.close();
      await sink?.close();
    },
  };
}

export interface RunningFrameSite {
  /** The listener's URL with `framePublicUrl`; without it the public one, defaultFrameUrl (localhost on loopback). */
  url: string;
  port: number;
  /** The development OpenID provider's URL, with `oidcPort`. */
  oidcUrl: string | undefined;
  auth: AuthContext;
  close(): Promise<void>;
}

/** Listens on the frame port with the frame site and the auth API. */
export async function startFrameSite(
  common: Common,
  mail: MailSetup,
  port: number,
  options: EmbeddedWalletOptions,
): Promise<RunningFrameSite> {
  const kek = loadKek({ kekFile: options.kekFile, kek: options.kek, dataDir: common.dataDir, warn: options.warn });
  const reachAt = (at: number) => (options.framePublicUrl ? serverUrl(common.host, at) : defaultFrameUrl(common.host, at));
  let url = reachAt(port);
  const auth = createAuthContext({
    storage: common.storage,
    kek,
    mailer: mail.mailer,
    frameOrigin: () => options.framePublicUrl ?? url,
    now: options.now,
    sessionTtlMs: options.sessionTtlMs,
    limits: options.authLimits,
    counters: common.rateLimitCounters,
  });
  const social = await setUpSocial(auth, common.host, options, options.warn ?? ((line) => process.stderr.write(line)));
  const app = buildFrameApp({
    auth,
    social: social.context,
    frameSiteDir: options.frameSiteDir ?? DEFAULT_FRAME_SITE_DIR,
    rateLimit: common.rateLimit,
    log: common.log,
    trustProxy: common.trustProxy,
    farcaster: options.farcasterSandbox ? farcasterSandbox : undefined,
    allowedHosts: common.allowedHosts,
    rateLimitCounters: common.rateLimitCounters,
  });
  common.metrics?.observeHttp(app, 'frame');
  let actual = port;
  try {
    await app.listen({ port, host: common.host });
    const address = app.server.address();
    actual = typeof address === 'object' && address ? address.port : port;
    url = reachAt(actual);
    await social.ready(url);
  } catch (err) {
    await Promise.allSettled([app.close(), social.close()]);
    throw err;
  }
  return {
    url,
    port: actual,
    oidcUrl: social.oidcUrl,
    auth,
    close: async () => void (await Promise.all([closeWithinGrace(app), social.close()])),
  };
}

export type { SinkMail };
