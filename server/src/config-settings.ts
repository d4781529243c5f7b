/**
 * The server's settings: where each is read from (flag, environment variable, config file key)
 * and how its value is parsed. config.ts resolves them in order of precedence.
 */
import path from 'node:path';
import { MIN_JWT_LIFETIME, MIN_UNSUBSCRIBED_TTL, type RelayLimits } from './relay/protocol.js';
import { TRUST_PROXY_RULE, parseTrustProxy } from './trust-proxy.js';
import { ALLOWED_HOSTS_RULE, parseAllowedHosts } from './allowed-hosts.js';
import { NAME_ZONE } from '../../src/wire/names-api.js';
import { DB_URL_RULE, parseDbUrl } from './storage/url.js';
import { REDIS_URL_RULE, parseRedisUrl } from './redis/url.js';
import { AA_SETTINGS, type AaConfigFlags, type AaKey } from './aa/settings.js';

/** Values given on the command line (strings as typed; booleans for switches). */
export interface ConfigFlags extends AaConfigFlags {
  port?: string;
  host?: string;
  data?: string;
  db?: string;
  redis?: string;
  seed?: boolean;
  config?: string;
  'relay-port'?: string;
  'frame-port'?: string;
  'evm-rpc'?: string;
  'solana-rpc'?: string;
  'bitcoin-esplora'?: string;
  'relay-public-url'?: string;
  'public-url'?: string;
  'frame-public-url'?: string;
  smtp?: string;
  'mail-from'?: string;
  'smtp-sink'?: string;
  'oidc-port'?: string;
  'kek-file'?: string;
  'farcaster-sandbox'?: boolean;
  log?: boolean;
  'name-zone'?: string;
  'onramp-key'?: string;
  'allowed-hosts'?: string;
  'metrics-token'?: string;
  'trust-proxy'?: string;
}

export type Key =
  | 'port'
  | 'host'
  | 'dataDir'
  | 'db'
  | 'redis'
  | 'seed'
  | 'seedWallets'
  | 'relayPort'
  | 'framePort'
  | 'evmRpc'
  | 'solanaRpc'
  | 'bitcoinEsplora'
  | 'trustProxy'
  | 'log'
  | 'publicUrl'
  | 'rateLimitMax'
  | 'rateLimitWindowMs'
  | 'analyticsRetentionDays'
  | 'analyticsMaxEvents'
  | 'nameZone'
  | 'onrampKey'
  | 'allowedHosts'
  | 'metricsToken'
  | AaKey
  | EmbeddedWalletKey
  | RelayKey;

/** The relay's settings: its public URL and the limits of RELAY_LIMITS that can be configured. */
export const RELAY_LIMIT_KEYS = [
  'ipMessagesPerHour',
  'ipBytesPerHour',
  'globalMessagesPerHour',
  'globalBytesPerHour',
  'maxStoredBytes',
  'unsubscribedTtl',
  'maxJwtLifetime',
  'ipSubscriptions',
  'socketBufferBytes',
  'socketStallTimeout',
  'unfetchedTtl',
  'maxSockets',
  'maxSocketsPerIp',
  'maxSocketsPerClient',
] as const satisfies readonly (keyof RelayLimits)[];
type RelayLimitKey = (typeof RELAY_LIMIT_KEYS)[number];
type RelayKey = 'relayPublicUrl' | `relay.${RelayLimitKey}`;
const RELAY_SETTINGS: Record<RelayKey, Setting> = {
  relayPublicUrl: { flag: 'relay-public-url', env: 'W3KIT_RELAY_PUBLIC_URL', file: 'relay.publicUrl', kind: 'url' },
  'relay.ipMessagesPerHour': { env: 'W3KIT_RELAY_IP_MESSAGES_PER_HOUR', file: 'relay.ipMessagesPerHour', kind: 'positive' },
  'relay.ipBytesPerHour': { env: 'W3KIT_RELAY_IP_BYTES_PER_HOUR', file: 'relay.ipBytesPerHour', kind: 'positive' },
  'relay.globalMessagesPerHour': { env: 'W3KIT_RELAY_GLOBAL_MESSAGES_PER_HOUR', file: 'relay.globalMessagesPerHour', kind: 'positive' },
  'relay.globalBytesPerHour': { env: 'W3KIT_RELAY_GLOBAL_BYTES_PER_HOUR', file: 'relay.globalBytesPerHour', kind: 'positive' },
  'relay.maxStoredBytes': { env: 'W3KIT_RELAY_MAX_STORED_BYTES', file: 'relay.maxStoredBytes', kind: 'positive' },
  'relay.unsubscribedTtl': {
    env: 'W3KIT_RELAY_UNSUBSCRIBED_TTL',
    file: 'relay.unsubscribedTtl',
    kind: 'positive',
    min: MIN_UNSUBSCRIBED_TTL,
  },
  'relay.maxJwtLifetime': { env: 'W3KIT_RELAY_MAX_JWT_LIFETIME', file: 'relay.maxJwtLifetime', kind: 'positive', min: MIN_JWT_LIFETIME },
  'relay.ipSubscriptions': { env: 'W3KIT_RELAY_IP_SUBSCRIPTIONS', file: 'relay.ipSubscriptions', kind: 'positive' },
  'relay.socketBufferBytes': { env: 'W3KIT_RELAY_SOCKET_BUFFER_BYTES', file: 'relay.socketBufferBytes', kind: 'positive' },
  'relay.socketStallTimeout': { env: 'W3KIT_RELAY_SOCKET_STALL_TIMEOUT', file: 'relay.socketStallTimeout', kind: 'positive' },
  'relay.unfetchedTtl': { env: 'W3KIT_RELAY_UNFETCHED_TTL', file: 'relay.unfetchedTtl', kind: 'positive', min: MIN_UNSUBSCRIBED_TTL },
  'relay.maxSockets': { env: 'W3KIT_RELAY_MAX_SOCKETS', file: 'relay.maxSockets', kind: 'positive' },
  'relay.maxSocketsPerIp': { env: 'W3KIT_RELAY_MAX_SOCKETS_PER_IP', file: 'relay.maxSocketsPerIp', kind: 'positive' },
  'relay.maxSocketsPerClient': { env: 'W3KIT_RELAY_MAX_SOCKETS_PER_CLIENT', file: 'relay.maxSocketsPerClient', kind: 'positive' },
};

/** The public URL and the analytics retention (the proxy's trust is with the other settings). */
const HARDENING_SETTINGS = {
  publicUrl: { flag: 'public-url', env: 'W3KIT_PUBLIC_URL', file: 'publicUrl', kind: 'httpUrl' },
  analyticsRetentionDays: { env: 'W3KIT_ANALYTICS_RETENTION_DAYS', file: 'analytics.retentionDays', kind: 'positive' },
  analyticsMaxEvents: { env: 'W3KIT_ANALYTICS_MAX_EVENTS', file: 'analytics.maxEventsPerProject', kind: 'positive' },
} as const satisfies Record<string, Setting>;

/** The embedded wallet's settings: the frame origin's public URL, e-mail, the development OpenID provider, the key-encryption key, sessions. */
type EmbeddedWalletKey =
  | 'framePublicUrl'
  | 'smtp'
  | 'mailFrom'
  | 'smtpSink'
  | 'oidcPort'
  | 'kekFile'
  | 'kek'
  | 'farcasterSandbox'
  | 'sessionTtlMs'
  | 'auth.startsPerIp'
  | 'auth.verifiesPerIp'
  | 'auth.mailsPerRequesterPerHour'
  | 'auth.mailsPerMailboxPerHour'
  | 'auth.codeFailuresPerAccountPerHour';
const EMBEDDED_WALLET_SETTINGS: Record<EmbeddedWalletKey, Setting> = {
  framePublicUrl: { flag: 'frame-public-url', env: 'W3KIT_FRAME_PUBLIC_URL', file: 'framePublicUrl', kind: 'httpUrl' },
  smtp: { flag: 'smtp', env: 'W3KIT_SMTP_URL', file: 'smtp', kind: 'smtpUrl' },
  mailFrom: { flag: 'mail-from', env: 'W3KIT_MAIL_FROM', file: 'mailFrom', kind: 'mailbox' },
  smtpSink: { flag: 'smtp-sink', env: 'W3KIT_SMTP_SINK_PORT', file: 'smtpSink', kind: 'port' },
  oidcPort: { flag: 'oidc-port', env: 'W3KIT_OIDC_PORT', file: 'oidcPort', kind: 'port' },
  kekFile: { flag: 'kek-file', env: 'W3KIT_KEK_FILE', file: 'kekFile', kind: 'file' },
  kek: { env: 'W3KIT_KEK', file: 'kek', kind: 'key' },
  farcasterSandbox: { flag: 'farcaster-sandbox', env: 'W3KIT_FARCASTER_SANDBOX', file: 'socials.farcaster.sandbox', kind: 'bool' },
  sessionTtlMs: { env: 'W3KIT_SESSION_TTL_MS', file: 'sessionTtlMs', kind: 'positive', min: 60_000 },
  'auth.startsPerIp': { env: 'W3KIT_AUTH_STARTS_PER_IP', file: 'auth.startsPerIp', kind: 'positive' },
  'auth.verifiesPerIp': { env: 'W3KIT_AUTH_VERIFIES_PER_IP', file: 'auth.verifiesPerIp', kind: 'positive' },
  'auth.mailsPerRequesterPerHour': {
    env: 'W3KIT_AUTH_MAILS_PER_REQUESTER_PER_HOUR',
    file: 'auth.mailsPerRequesterPerHour',
    kind: 'positive',
  },
  'auth.mailsPerMailboxPerHour': { env: 'W3KIT_AUTH_MAILS_PER_MAILBOX_PER_HOUR', file: 'auth.mailsPerMailboxPerHour', kind: 'positive' },
  'auth.codeFailuresPerAccountPerHour': {
    env: 'W3KIT_AUTH_CODE_FAILURES_PER_ACCOUNT_PER_HOUR',
    file: 'auth.codeFailuresPerAccountPerHour',
    kind: 'positive',
  },
};

export interface Setting {
  flag?: keyof ConfigFlags;
  env: string;
  /** Dotted key in the config file. */
  file: string;
  /** How the value is parsed: a key of RULES, which says in words what it must be. */
  kind: keyof typeof RULES;
  /** The smallest value of a number. */
  min?: number;
}

export const SETTINGS: Readonly<Record<Key, Setting>> = {
  port: { flag: 'port', env: 'W3KIT_SERVER_PORT', file: 'port', kind: 'port' },
  host: { flag: 'host', env: 'W3KIT_HOST', file: 'host', kind: 'host' },
  dataDir: { flag: 'data', env: 'W3KIT_DATA_DIR', file: 'dataDir', kind: 'dir' },
  db: { flag: 'db', env: 'W3KIT_DB_URL', file: 'db', kind: 'dbUrl' },
  redis: { flag: 'redis', env: 'W3KIT_REDIS_URL', file: 'redis', kind: 'redisUrl' },
  seed: { flag: 'seed', env: 'W3KIT_SEED', file: 'seed', kind: 'bool' },
  seedWallets: { env: 'W3KIT_SEED_WALLETS', file: 'seedWallets', kind: 'count' },
  relayPort: { flag: 'relay-port', env: 'W3KIT_RELAY_PORT', file: 'relayPort', kind: 'port' },
  framePort: { flag: 'frame-port', env: 'W3KIT_FRAME_PORT', file: 'framePort', kind: 'port' },
  evmRpc: { flag: 'evm-rpc', env: 'W3KIT_EVM_RPC', file: 'evmRpc', kind: 'url' },
  solanaRpc: { flag: 'solana-rpc', env: 'W3KIT_SOLANA_RPC', file: 'solanaRpc', kind: 'url' },
  bitcoinEsplora: { flag: 'bitcoin-esplora', env: 'W3KIT_BITCOIN_ESPLORA', file: 'bitcoinEsplora', kind: 'url' },
  rateLimitMax: { env: 'W3KIT_RATE_LIMIT_MAX', file: 'rateLimit.max', kind: 'positive' },
  rateLimitWindowMs: { env: 'W3KIT_RATE_LIMIT_WINDOW_MS', file: 'rateLimit.windowMs', kind: 'positive' },
  trustProxy: { flag: 'trust-proxy', env: 'W3KIT_TRUST_PROXY', file: 'trustProxy', kind: 'trust' },
  log: { flag: 'log', env: 'W3KIT_LOG', file: 'log', kind: 'bool' },
  nameZone: { flag: 'name-zone', env: 'W3KIT_NAME_ZONE', file: 'nameZone', kind: 'zone' },
  onrampKey: { flag: 'onramp-key', env: 'W3KIT_ONRAMP_KEY', file: 'onrampKey', kind: 'privateKey' },
  allowedHosts: { flag: 'allowed-hosts', env: 'W3KIT_ALLOWED_HOSTS', file: 'allowedHosts', kind: 'hosts' },
  metricsToken: { flag: 'metrics-token', env: 'W3KIT_METRICS_TOKEN', file: 'metricsToken', kind: 'token' },
  ...RELAY_SETTINGS,
  ...HARDENING_SETTINGS,
  ...EMBEDDED_WALLET_SETTINGS,
  ...AA_SETTINGS,
};

export const RULES = {
  port: 'must be an integer from 0 to 65535',
  host: 'must be a host name or IP address',
  dir: 'must be a directory path',
  bool: 'must be true or false (1/0, yes/no, on/off)',
  url: 'must be an http(s) or ws(s) URL',
  positive: 'must be a positive integer',
  count: 'must be an integer of at least 0',
  trust: TRUST_PROXY_RULE,
  httpUrl: 'must be an http(s) URL without query or fragment',
  smtpUrl: 'must be an smtp://HOST:PORT or smtps://HOST:PORT URL',
  mailbox: 'must be an e-mail address, optionally with a name: w3kit <login@example.com>',
  file: 'must be a file path',
  key: 'must be 32 bytes, base64',
  zone: 'must be a domain such as w3kit.id (letters, digits, hyphens and dots)',
  privateKey: 'must be a private key: 0x and 64 hex characters',
  hosts: ALLOWED_HOSTS_RULE,
  token: 'must be 16 to 256 visible ASCII characters (no spaces)',
  dbUrl: DB_URL_RULE,
  redisUrl: REDIS_URL_RULE,
  address: 'must be an EVM address: 0x and 40 hex characters',
} as const satisfies Record<string, string>;

/** Parses one value (a string from flags or env, any JSON value from the file); undefined when invalid. */
export function parseValue(kind: Setting['kind'], value: unknown, baseDir: string): unknown {
  const text = typeof value === 'string' ? value.trim() : undefined;
  const int = typeof value === 'number' ? value : text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  switch (kind) {
    case 'port':
      return Number.isInteger(int) && int >= 0 && int <= 65535 ? int : undefined;
    case 'positive':
      return Number.isSafeInteger(int) && int >= 1 ? int : undefined;
    case 'count':
      return Number.isSafeInteger(int) && int >= 0 ? int : undefined;
    case 'host':
      return text && /^[A-Za-z0-9.:[\]-]+$/.test(text) ? text.replace(/^\[(.*)\]$/, '$1') : undefined;
    case 'dir':
    case 'file':
      return text ? path.resolve(baseDir, text) : undefined;
    case 'zone':
      return text && NAME_ZONE.test(text.toLowerCase()) ? text.toLowerCase() : undefined;
    case 'token':
      return text && /^[\x21-\x7e]{16,256}$/.test(text) ? text : undefined;
    case 'privateKey':
      return text && /^0x[0-9a-fA-F]{64}$/.test(text) ? text : undefined;
    case 'address':
      return text && /^0x[0-9a-fA-F]{40}$/.test(text) ? text : undefined;
    case 'key':
      return text && /^[A-Za-z0-9+/_-]{43}=?$/.test(text) && Buffer.from(text, 'base64').length === 32 ? text : undefined;
    case 'mailbox':
      return text && text.length <= 320 && /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(text) ? text : undefined;
    case 'smtpUrl': {
      if (!text) return undefined;
      try {
        const url = new URL(text);
        return ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname && ['', '/'].includes(url.pathname) ? text : undefined;
      } catch {
        return undefined;
      }
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (text !== undefined && /^(1|true|yes|on)$/i.test(text)) return true;
      if (text !== undefined && /^(0|false|no|off)$/i.test(text)) return false;
      return undefined;
    case 'trust':
      return parseTrustProxy(value);
    case 'hosts':
      return parseAllowedHosts(value);
    case 'dbUrl':
      return parseDbUrl(value);
    case 'redisUrl':
      return parseRedisUrl(value);
    case 'httpUrl': {
      if (!text) return undefined;
      try {
        const url = new URL(text);
        return ['http:', 'https:'].includes(url.protocol) && !url.search && !url.hash && !url.username && !url.password
          ? url.href.replace(/\/+$/, '')
          : undefined;
      } catch {
        return undefined;
      }
    }
    case 'url': {
      if (!text) return undefined;
      try {
        const url = new URL(text);
        return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) ? text : undefined;
      } catch {
        return undefined;
      }
    }
  }
}
