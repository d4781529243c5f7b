/**
 * Server configuration, from (highest first) command-line flags, environment variables, a
 * JSON config file (`--config FILE` or W3KIT_CONFIG) and defaults. Every bad value throws an
 * InputError whose field is the flag, variable or file key that holds it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { InputError } from './errors.js';
import { describeValue } from './redact.js';
import { parseSocials, type SocialsConfig } from './auth/social/config.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './index.js';
import { DEFAULT_AUTH_LIMITS, DEFAULT_SESSION_TTL_MS, type AuthLimits } from './auth/context.js';
import { DEFAULT_MAIL_FROM } from './mail/mailer.js';
import { DEFAULT_RATE_LIMIT } from './rate-limit.js';
import type { RelayLimits } from './relay/protocol.js';
import { DEFAULT_SEED_WALLETS } from './wallets/seed.js';
import { DEFAULT_ANALYTICS_RETENTION } from './analytics-retention.js';
import type { TrustProxy } from './trust-proxy.js';
import { DEFAULT_NAME_ZONE } from '../../src/wire/names-api.js';
import { AA_FILE_KEYS, aaOptions } from './aa/settings.js';
import type { AaServiceOptions } from './aa/service.js';
import { RELAY_LIMIT_KEYS, RULES, SETTINGS, parseValue, type ConfigFlags, type Key } from './config-settings.js';

export type { ConfigFlags } from './config-settings.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  /** The Postgres URL (`--db`, W3KIT_DB_URL, config key `db`), password included; undefined: SQLite in dataDir. */
  db: string | undefined;
  /** The Redis URL between instances (`--redis`, W3KIT_REDIS_URL, config key `redis`), password included; undefined: in process. */
  redis: string | undefined;
  seed: boolean;
  /** Wallets in the seeded registry. */
  seedWallets: number;
  /** WalletConnect relay port: port + 1 unless set (0, a free port, when port is 0). */
  relayPort: number;
  /** Secure frame site port (the frame site and the auth API): port + 2 unless set. */
  framePort: number;
  /** The frame origin as users reach it, for links in mails; default the frame listener's URL. */
  framePublicUrl: string | undefined;
  /** SMTP server for login mails; with only `smtpSink`, the sink. */
  smtp: string | undefined;
  mailFrom: string;
  /** Port of the development SMTP sink run in-process (serves /dev/mail); undefined for none. */
  smtpSink: number | undefined;
  /** The key-encryption key file, or the key itself (base64); neither: `<data>/key-encryption.key`. */
  kekFile: string | undefined;
  kek: string | undefined;
  /** Farcaster login through the development sandbox (`socials.farcaster.sandbox` in the file). */
  farcasterSandbox: boolean;
  /** Session lifetime of the embedded wallet's e-mail login. */
  sessionTtlMs: number;
  /** The social login providers (the config file's `socials`; see auth/social/config.ts). */
  socials: SocialsConfig;
  /** Port of the development OpenID provider run in-process for every provider `socials` leaves unset; undefined for none. */
  oidcPort: number | undefined;
  /**
   * Login starts and code checks per IP in 10 minutes; login mails one requester may make a
   * mailbox receive, and a mailbox receives, per hour (from devices it never approved); wrong
   * codes per account per hour.
   */
  authLimits: Pick<
    AuthLimits,
    'startsPerIp' | 'verifiesPerIp' | 'mailsPerRequesterPerHour' | 'mailsPerMailboxPerHour' | 'codeFailuresPerAccountPerHour'
  >;
  /** EVM JSON-RPC URL for the Blockchain API (used by later work). */
  evmRpc: string | undefined;
  /** Solana JSON-RPC URL for the Blockchain API (used by later work). */
  solanaRpc: string | undefined;
  /** Esplora HTTP API whose Bitcoin accounts the Blockchain API reads (`--bitcoin-esplora`). */
  bitcoinEsplora: string | undefined;
  rateLimit: { max: number; windowMs: number };
  trustProxy: TrustProxy;
  log: boolean;
  /** The relay's public URL (also accepted as a JWT audience) and the limits set (the rest are RELAY_LIMITS). */
  relay: { publicUrl: string | undefined; limits: Partial<RelayLimits> };
  /** The origin (and path prefix) clients reach this server at, for URLs in replies; default the listen address. */
  publicUrl: string | undefined;
  /** How long analytics events are kept, and at most how many per project (the oldest go first). */
  analytics: { retentionDays: number; maxEventsPerProject: number };
  /** The name registry's zone (`--name-zone`, W3KIT_NAME_ZONE), lower-case; default w3kit.id. */
  nameZone: string;
  /** The sandbox on-ramp's payout key (`--onramp-key`, W3KIT_ONRAMP_KEY); default Hardhat's dev account 19 on local chains. */
  onrampKey: `0x${string}` | undefined;
  /** Host names the servers answer for besides the listen host, loopback and the public URLs' hosts (`--allowed-hosts`). */
  allowedHosts: string[];
  /** The token GET /metrics asks for (`--metrics-token`, W3KIT_METRICS_TOKEN); without one /metrics is not served. */
  metricsToken: string | undefined;
  /** The smart-account services: `--bundler-url`, `--paymaster`, `--paymaster-key`, `--paymaster-daily-gas`. */
  aa: AaServiceOptions;
  /** The config file read, if any (absolute). */
  configFile: string | undefined;
}

export const DEFAULT_DATA_DIR = 'w3kit-data';

const configFileSchema = z.strictObject({
  port: z.unknown().optional(),
  host: z.unknown().optional(),
  dataDir: z.unknown().optional(),
  db: z.unknown().optional(),
  redis: z.unknown().optional(),
  seed: z.unknown().optional(),
  seedWallets: z.unknown().optional(),
  relayPort: z.unknown().optional(),
  framePort: z.unknown().optional(),
  evmRpc: z.unknown().optional(),
  solanaRpc: z.unknown().optional(),
  bitcoinEsplora: z.unknown().optional(),
  rateLimit: z.strictObject({ max: z.unknown().optional(), windowMs: z.unknown().optional() }).optional(),
  trustProxy: z.unknown().optional(),
  log: z.unknown().optional(),
  relay: z
    .strictObject({ publicUrl: z.unknown().optional(), ...Object.fromEntries(RELAY_LIMIT_KEYS.map((k) => [k, z.unknown().optional()])) })
    .optional(),
  publicUrl: z.unknown().optional(),
  nameZone: z.unknown().optional(),
  framePublicUrl: z.unknown().optional(),
  smtp: z.unknown().optional(),
  mailFrom: z.unknown().optional(),
  smtpSink: z.unknown().optional(),
  oidcPort: z.unknown().optional(),
  kekFile: z.unknown().optional(),
  kek: z.unknown().optional(),
  onrampKey: z.unknown().optional(),
  allowedHosts: z.unknown().optional(),
  metricsToken: z.unknown().optional(),
  ...Object.fromEntries(AA_FILE_KEYS.map((key) => [key, z.unknown().optional()])),
  // The OpenID providers' entries are checked by parseSocials; farcaster's here.
  socials: z.looseObject({ farcaster: z.strictObject({ sandbox: z.unknown().optional() }).optional() }).optional(),
  sessionTtlMs: z.unknown().optional(),
  auth: z
    .strictObject({
      startsPerIp: z.unknown().optional(),
      verifiesPerIp: z.unknown().optional(),
      mailsPerRequesterPerHour: z.unknown().optional(),
      mailsPerMailboxPerHour: z.unknown().optional(),
      codeFailuresPerAccountPerHour: z.unknown().optional(),
    })
    .optional(),
  analytics: z.strictObject({ retentionDays: z.unknown().optional(), maxEventsPerProject: z.unknown().optional() }).optional(),
});

function readConfigFile(file: string, field: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InputError(field, `Cannot read the config file ${file}: ${(err as Error).message}`);
  }
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]].join('.') : issue.path.join('.');
    throw new InputError(
      `config:${key}`,
      `Invalid config file ${file}: ${issue.code === 'unrecognized_keys' ? `unknown key '${key}'` : `'${key}' ${issue.message}`}`,
    );
  }
  return parsed.data as Record<string, unknown>;
}

function fileValue(data: Record<string, unknown>, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined), data);
}

/** The configuration from flags, environment, config file and defaults. */
export function resolveConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  let configFile: string | undefined;
  let fileData: Record<string, unknown> = {};
  const fileRef =
    flags.config !== undefined
      ? { value: flags.config, field: '--config' }
      : env.W3KIT_CONFIG
        ? { value: env.W3KIT_CONFIG, field: 'W3KIT_CONFIG' }
        : undefined;
  if (fileRef) {
    if (!fileRef.value.trim()) throw new InputError(fileRef.field, `Invalid ${fileRef.field}: must be a file path`);
    configFile = path.resolve(cwd, fileRef.value);
    fileData = readConfigFile(configFile, fileRef.field);
  }

  const get = (key: Key): unknown => {
    const setting = SETTINGS[key];
    const sources: [string, unknown, string][] = [
      [`--${setting.flag}`, setting.flag ? flags[setting.flag] : undefined, cwd],
      [setting.env, env[setting.env] === '' ? undefined : env[setting.env], cwd],
      [`config file key '${setting.file}'`, fileValue(fileData, setting.file), configFile ? path.dirname(configFile) : cwd],
    ];
    for (const [name, raw, base] of sources) {
      if (raw === undefined) continue;
      const value = parseValue(setting.kind, raw, base);
      if (value === undefined || (setting.min !== undefined && (value as number) < setting.min)) {
        const field = name.startsWith('config') ? `config:${setting.file}` : name;
        const rule = value === undefined ? RULES[setting.kind] : `must be an integer of at least ${setting.min}`;
        throw new InputError(field, `Invalid ${name} ${describeValue(setting.kind, raw)}: ${rule}`);
      }
      return value;
    }
    return undefined;
  };

  const port = (get('port') as number | undefined) ?? DEFAULT_PORT;
  const derived = (offset: number, key: 'relayPort' | 'framePort') => {
    const explicit = get(key) as number | undefined;
    if (explicit !== undefined) return explicit;
    if (port === 0) return 0;
    if (port + offset > 65535) {
      throw new InputError(
        `--${SETTINGS[key].flag}`,
        `The ${key === 'relayPort' ? 'relay' : 'frame'} port (port + ${offset}) is above 65535: set --${SETTINGS[key].flag}`,
      );
    }
    return port + offset;
  };
  const relayPort = derived(1, 'relayPort');
  const framePort = derived(2, 'framePort');
  for (const [key, value] of [
    ['relayPort', relayPort],
    ['framePort', framePort],
  ] as const) {
    if (value !== 0 && value === port)
      throw new InputError(`--${SETTINGS[key].flag}`, `Invalid --${SETTINGS[key].flag} ${value}: it is the server's own port`);
  }
  if (relayPort !== 0 && relayPort === framePort)
    throw new InputError('--frame-port', `Invalid --frame-port ${framePort}: it is the relay port`);
  const smtpSink = get('smtpSink') as number | undefined;
  if (smtpSink !== undefined && smtpSink !== 0 && [port, relayPort, framePort].includes(smtpSink))
    throw new InputError('--smtp-sink', `Invalid --smtp-sink ${smtpSink}: the server, relay or frame site listens on it`);
  const oidcPort = get('oidcPort') as number | undefined;
  if (oidcPort !== undefined && oidcPort !== 0 && [port, relayPort, framePort, smtpSink].includes(oidcPort))
    throw new InputError('--oidc-port', `Invalid --oidc-port ${oidcPort}: the server, relay, frame site or SMTP sink listens on it`);

  return {
    port,
    host: (get('host') as string | undefined) ?? DEFAULT_HOST,
    dataDir: (get('dataDir') as string | undefined) ?? path.resolve(cwd, DEFAULT_DATA_DIR),
    db: get('db') as string | undefined,
    redis: get('redis') as string | undefined,
    seed: (get('seed') as boolean | undefined) ?? false,
    seedWallets: (get('seedWallets') as number | undefined) ?? DEFAULT_SEED_WALLETS,
    relayPort,
    framePort,
    framePublicUrl: get('framePublicUrl') as string | undefined,
    smtp: get('smtp') as string | undefined,
    mailFrom: (get('mailFrom') as string | undefined) ?? DEFAULT_MAIL_FROM,
    smtpSink,
    kekFile: get('kekFile') as string | undefined,
    kek: get('kek') as string | undefined,
    farcasterSandbox: (get('farcasterSandbox') as boolean | undefined) ?? false,
    socials: parseSocials(fileData.socials),
    oidcPort,
    sessionTtlMs: (get('sessionTtlMs') as number | undefined) ?? DEFAULT_SESSION_TTL_MS,
    authLimits: {
      startsPerIp: (get('auth.startsPerIp') as number | undefined) ?? DEFAULT_AUTH_LIMITS.startsPerIp,
      verifiesPerIp: (get('auth.verifiesPerIp') as number | undefined) ?? DEFAULT_AUTH_LIMITS.verifiesPerIp,
      mailsPerRequesterPerHour:
        (get('auth.mailsPerRequesterPerHour') as number | undefined) ?? DEFAULT_AUTH_LIMITS.mailsPerRequesterPerHour,
      mailsPerMailboxPerHour: (get('auth.mailsPerMailboxPerHour') as number | undefined) ?? DEFAULT_AUTH_LIMITS.mailsPerMailboxPerHour,
      codeFailuresPerAccountPerHour:
        (get('auth.codeFailuresPerAccountPerHour') as number | undefined) ?? DEFAULT_AUTH_LIMITS.codeFailuresPerAccountPerHour,
    },
    evmRpc: get('evmRpc') as string | undefined,
    solanaRpc: get('solanaRpc') as string | undefined,
    bitcoinEsplora: get('bitcoinEsplora') as string | undefined,
    rateLimit: {
      max: (get('rateLimitMax') as number | undefined) ?? DEFAULT_RATE_LIMIT.max,
      windowMs: (get('rateLimitWindowMs') as number | undefined) ?? DEFAULT_RATE_LIMIT.windowMs,
    },
    trustProxy: (get('trustProxy') as TrustProxy | undefined) ?? false,
    log: (get('log') as boolean | undefined) ?? false,
    relay: {
      publicUrl: get('relayPublicUrl') as string | undefined,
      limits: Object.fromEntries(
        RELAY_LIMIT_KEYS.map((k) => [k, get(`relay.${k}`)]).filter(([, v]) => v !== undefined),
      ) as Partial<RelayLimits>,
    },
    publicUrl: get('publicUrl') as string | undefined,
    analytics: {
      retentionDays: (get('analyticsRetentionDays') as number | undefined) ?? DEFAULT_ANALYTICS_RETENTION.retentionDays,
      maxEventsPerProject: (get('analyticsMaxEvents') as number | undefined) ?? DEFAULT_ANALYTICS_RETENTION.maxEventsPerProject,
    },
    nameZone: (get('nameZone') as string | undefined) ?? DEFAULT_NAME_ZONE,
    onrampKey: get('onrampKey') as `0x${string}` | undefined,
    allowedHosts: (get('allowedHosts') as string[] | undefined) ?? [],
    metricsToken: get('metricsToken') as string | undefined,
    aa: aaOptions(get),
    configFile,
  };
}
