/**
 * What the embedded wallet's backend needs at run time: its repositories on the storage seam
 * (users and sessions, logins, code-guarded requests, passkeys, social logins, the mail limits,
 * Farcaster channels; ../storage/*.ts, on SQLite or Postgres), the key-encryption key
 * (and the code key derived from it), the mailer (absent without --smtp), the clock, the
 * session lifetime, the frame site's public origin for links in mails, and per-IP limits.
 */
import { clientKey } from '../client-key.js';
import { authRepositories, type AuthRepositories } from '../auth-repositories.js';
import type { Storage } from '../storage/engine.js';
import { projectsRepository, type ProjectsRepository } from '../storage/projects.js';
import { authError } from './auth-error.js';
import { DEFAULT_CODE_FAILURES_PER_ACCOUNT } from './code-failures.js';
import { DEFAULT_MAIL_CAPS, type MailCaps } from './mail-budget.js';
import { ipLimiter, type CounterFactory } from '../rate-limit.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { codeKey } from './secrets.js';

export const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60_000;
export const SMTP_NOT_CONFIGURED = 'E-mail login is not configured on this server (--smtp)';

/** Per-address limits count an address by its client key (an IPv6 address by its /64). */
export interface AuthLimits extends MailCaps {
  /** Login starts (and resends) per address per window; default 20. */
  startsPerIp: number;
  /** Code checks per address per window; default 60. */
  verifiesPerIp: number;
  /** Default 10 minutes. */
  windowMs: number;
  /** Wrong codes per account per hour, whatever the login or export; default 20. */
  codeFailuresPerAccountPerHour: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  startsPerIp: 20,
  verifiesPerIp: 60,
  windowMs: 10 * 60_000,
  ...DEFAULT_MAIL_CAPS,
  codeFailuresPerAccountPerHour: DEFAULT_CODE_FAILURES_PER_ACCOUNT,
};

export interface AuthOptions {
  /** The storage seam (SQLite or Postgres): every auth table is reached through its repositories. */
  storage: Storage;
  /** The projects (allowed origins); default the repository over `storage`. */
  projects?: ProjectsRepository;
  kek: Uint8Array;
  mailer: Mailer | undefined;
  /** The frame site's public origin (no trailing slash), for the approval link. */
  frameOrigin: () => string;
  now?: () => number;
  sessionTtlMs?: number;
  limits?: Partial<AuthLimits>;
  /** Where the per-address limits count: with `--redis` one window shared by every instance; default this process. */
  counters?: CounterFactory;
}

/** The repositories (../auth-repositories.ts, on the storage seam) and what the auth API needs beside them. */
export interface AuthContext extends AuthRepositories {
  /** The storage the repositories use (its engine; a full disk is noted on its SQLite handle). */
  storage: Storage;
  projects: ProjectsRepository;
  kek: Uint8Array;
  codeKey: Uint8Array;
  frameOrigin: () => string;
  now: () => number;
  sessionTtlMs: number;
  limits: AuthLimits;
  /** Sends a mail; 503 without SMTP, 502 when the SMTP server refuses it. */
  send(mail: OutgoingMail): Promise<void>;
  hasMail: boolean;
  /** Counts one start (or one verify) of this IP's client key; 429 past the limit. */
  limitStart(ip: string): Promise<void>;
  limitVerify(ip: string): Promise<void>;
}

const keyed = (limit: (key: string) => Promise<void>) => (ip: string) => limit(clientKey(ip));

export function createAuthContext(options: AuthOptions): AuthContext {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_AUTH_LIMITS, ...options.limits };
  const { mailer } = options;
  const { storage } = options;
  return {
    storage,
    projects: options.projects ?? projectsRepository(storage),
    ...authRepositories(storage),
    kek: options.kek,
    codeKey: codeKey(options.kek),
    frameOrigin: options.frameOrigin,
    now,
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    limits,
    hasMail: mailer !== undefined,
    async send(mail) {
      if (!mailer) throw authError(503, 'MAIL_NOT_CONFIGURED', SMTP_NOT_CONFIGURED);
      try {
        await mailer.send(mail);
      } catch {
        throw authError(502, 'MAIL_NOT_SENT', 'The mail could not be sent: the SMTP server did not accept it');
      }
    },
    limitStart: keyed(ipLimiter(limits.startsPerIp, limits.windowMs, now, 'login requests', options.counters)),
    limitVerify: keyed(ipLimiter(limits.verifiesPerIp, limits.windowMs, now, 'code checks', options.counters)),
  };
}
