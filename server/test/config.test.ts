/** Configuration precedence (flags > env > file > defaults) and errors naming the setting. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.js';
import { inputErrorField, tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

function configFile(data: unknown): string {
  const file = path.join(dir, 'w3kit.config.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
}

describe('resolveConfig', () => {
  it('reads the metrics token and the trusted proxies from a flag, the environment or the file', () => {
    const token = 'abcdefghijklmnop-123';
    expect(resolveConfig({}, {}, dir)).toMatchObject({ metricsToken: undefined, trustProxy: false });
    expect(resolveConfig({ 'metrics-token': token, 'trust-proxy': '1' }, {}, dir)).toMatchObject({ metricsToken: token, trustProxy: 1 });
    expect(resolveConfig({}, { W3KIT_METRICS_TOKEN: token }, dir).metricsToken).toBe(token);
    expect(resolveConfig({ config: configFile({ metricsToken: token, trustProxy: ['10.0.0.0/8'] }) }, {}, dir)).toMatchObject({
      metricsToken: token,
      trustProxy: ['10.0.0.0/8'],
    });
    expect(resolveConfig({ 'metrics-token': token }, { W3KIT_METRICS_TOKEN: 'another-token-0123456' }, dir).metricsToken).toBe(token);
    expect(inputErrorField(() => resolveConfig({ 'metrics-token': 'short' }, {}, dir))).toBe('--metrics-token');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_METRICS_TOKEN: 'has a space in it ok' }, dir))).toBe('W3KIT_METRICS_TOKEN');
    expect(inputErrorField(() => resolveConfig({ 'trust-proxy': 'everyone' }, {}, dir))).toBe('--trust-proxy');
  });

  it('has defaults', () => {
    const config = resolveConfig({}, {}, dir);
    expect(config).toEqual({
      port: 4301,
      host: '127.0.0.1',
      dataDir: path.join(dir, 'w3kit-data'),
      seed: false,
      seedWallets: 1000,
      relayPort: 4302,
      framePort: 4303,
      framePublicUrl: undefined,
      smtp: undefined,
      mailFrom: 'w3kit <login@w3kit.localhost>',
      smtpSink: undefined,
      socials: {},
      oidcPort: undefined,
      kekFile: undefined,
      kek: undefined,
      farcasterSandbox: false,
      sessionTtlMs: 86400000,
      authLimits: {
        startsPerIp: 20,
        verifiesPerIp: 60,
        mailsPerRequesterPerHour: 6,
        mailsPerMailboxPerHour: 12,
        codeFailuresPerAccountPerHour: 20,
      },
      evmRpc: undefined,
      solanaRpc: undefined,
      bitcoinEsplora: undefined,
      rateLimit: { max: 3000, windowMs: 60000 },
      trustProxy: false,
      log: false,
      relay: { publicUrl: undefined, limits: {} },
      publicUrl: undefined,
      analytics: { retentionDays: 90, maxEventsPerProject: 100000 },
      nameZone: 'w3kit.id',
      allowedHosts: [],
      configFile: undefined,
      aa: { bundlerUrl: undefined, paymaster: undefined, paymasterKey: undefined, dailyGas: undefined },
    });
  });

  it('reads the embedded wallet settings from flags, env and file, naming bad values', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = resolveConfig(
      {
        smtp: 'smtp://127.0.0.1:2525',
        'mail-from': 'Shop <login@shop.example>',
        'smtp-sink': '4325',
        'kek-file': 'kek.b64',
        'frame-public-url': 'https://frame.example/',
      },
      { W3KIT_KEK: key, W3KIT_SESSION_TTL_MS: '3600000' },
      dir,
    );
    expect(config).toMatchObject({
      smtp: 'smtp://127.0.0.1:2525',
      mailFrom: 'Shop <login@shop.example>',
      smtpSink: 4325,
      kekFile: path.join(dir, 'kek.b64'),
      kek: key,
      framePublicUrl: 'https://frame.example',
      sessionTtlMs: 3600000,
    });
    expect(resolveConfig({}, { W3KIT_SMTP_URL: 'smtp://mail.example:25', W3KIT_MAIL_FROM: 'login@example.com' }, dir)).toMatchObject({
      smtp: 'smtp://mail.example:25',
      mailFrom: 'login@example.com',
    });
    expect(resolveConfig({ config: configFile({ smtpSink: 0, kekFile: 'k' }) }, {}, dir)).toMatchObject({
      smtpSink: 0,
      kekFile: path.join(dir, 'k'),
    });
    expect(inputErrorField(() => resolveConfig({ smtp: 'http://mail.example' }, {}, dir))).toBe('--smtp');
    expect(inputErrorField(() => resolveConfig({ 'mail-from': 'nobody' }, {}, dir))).toBe('--mail-from');
    expect(inputErrorField(() => resolveConfig({ 'smtp-sink': 'x' }, {}, dir))).toBe('--smtp-sink');
    expect(inputErrorField(() => resolveConfig({ 'smtp-sink': '4303' }, {}, dir))).toBe('--smtp-sink');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_KEK: 'c2hvcnQ=' }, dir))).toBe('W3KIT_KEK');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_FRAME_PUBLIC_URL: 'ftp://x' }, dir))).toBe('W3KIT_FRAME_PUBLIC_URL');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_SESSION_TTL_MS: '5' }, dir))).toBe('W3KIT_SESSION_TTL_MS');
    expect(
      resolveConfig({ config: configFile({ auth: { verifiesPerIp: 7 } }) }, { W3KIT_AUTH_STARTS_PER_IP: '500' }, dir).authLimits,
    ).toMatchObject({
      startsPerIp: 500,
      verifiesPerIp: 7,
    });
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_AUTH_STARTS_PER_IP: '0' }, dir))).toBe('W3KIT_AUTH_STARTS_PER_IP');
  });

  it("reads e-mail login's mail caps and wrong codes per account from env and file (env first), naming bad values", () => {
    const limits = resolveConfig(
      { config: configFile({ auth: { mailsPerMailboxPerHour: 3, codeFailuresPerAccountPerHour: 50, mailsPerRequesterPerHour: 9 } }) },
      { W3KIT_AUTH_MAILS_PER_REQUESTER_PER_HOUR: '2' },
      dir,
    ).authLimits;
    expect(limits).toEqual({
      startsPerIp: 20,
      verifiesPerIp: 60,
      mailsPerRequesterPerHour: 2,
      mailsPerMailboxPerHour: 3,
      codeFailuresPerAccountPerHour: 50,
    });
    expect(
      resolveConfig({}, { W3KIT_AUTH_MAILS_PER_MAILBOX_PER_HOUR: '4', W3KIT_AUTH_CODE_FAILURES_PER_ACCOUNT_PER_HOUR: '10' }, dir)
        .authLimits,
    ).toMatchObject({ mailsPerMailboxPerHour: 4, codeFailuresPerAccountPerHour: 10 });
    for (const env of [
      'W3KIT_AUTH_MAILS_PER_REQUESTER_PER_HOUR',
      'W3KIT_AUTH_MAILS_PER_MAILBOX_PER_HOUR',
      'W3KIT_AUTH_CODE_FAILURES_PER_ACCOUNT_PER_HOUR',
    ]) {
      expect(inputErrorField(() => resolveConfig({}, { [env]: '0' }, dir))).toBe(env);
      expect(inputErrorField(() => resolveConfig({}, { [env]: 'many' }, dir))).toBe(env);
    }
    expect(inputErrorField(() => resolveConfig({ config: configFile({ auth: { mailsPerMailboxPerHour: -1 } }) }, {}, dir))).toBe(
      'config:auth.mailsPerMailboxPerHour',
    );
    expect(inputErrorField(() => resolveConfig({ config: configFile({ auth: { mailsPerHour: 3 } }) }, {}, dir))).toBe(
      'config:auth.mailsPerHour',
    );
  });

  it('reads the trusted proxies as a hop count (1 and true: one proxy in front) or a list of addresses and ranges', () => {
    const trust = (value: string) => resolveConfig({}, { W3KIT_TRUST_PROXY: value }, dir).trustProxy;
    expect(trust('1')).toBe(1);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('0')).toBe(false);
    expect(trust('off')).toBe(false);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
    expect(resolveConfig({ config: configFile({ trustProxy: true }) }, {}, dir).trustProxy).toBe(1);
    expect(resolveConfig({ config: configFile({ trustProxy: ['192.168.0.0/24'] }) }, {}, dir).trustProxy).toEqual(['192.168.0.0/24']);
    for (const bad of ['maybe', '10.0.0.1/33', '10.0.0.1,', '1000', 'example.com'])
      expect(
        inputErrorField(() => trust(bad)),
        bad,
      ).toBe('W3KIT_TRUST_PROXY');
    expect(() => trust('10.0.0.300')).toThrow(
      'Invalid W3KIT_TRUST_PROXY "10.0.0.300": must be 0/false (off), a number of proxy hops (1 = one reverse proxy in front), or a comma list of proxy IP addresses or CIDR ranges',
    );
  });

  it('reads the public URL and the analytics retention', () => {
    expect(resolveConfig({ 'public-url': 'https://api.example.com/w3kit/' }, {}, dir).publicUrl).toBe('https://api.example.com/w3kit');
    expect(resolveConfig({}, { W3KIT_PUBLIC_URL: 'http://127.0.0.1:4301' }, dir).publicUrl).toBe('http://127.0.0.1:4301');
    expect(inputErrorField(() => resolveConfig({ 'public-url': 'https://x.example/?a=1' }, {}, dir))).toBe('--public-url');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_PUBLIC_URL: 'ws://x.example' }, dir))).toBe('W3KIT_PUBLIC_URL');
    const env = { W3KIT_ANALYTICS_RETENTION_DAYS: '30', W3KIT_ANALYTICS_MAX_EVENTS: '500' };
    expect(resolveConfig({}, env, dir).analytics).toEqual({ retentionDays: 30, maxEventsPerProject: 500 });
    const file = configFile({ analytics: { retentionDays: 7 } });
    expect(resolveConfig({ config: file }, {}, dir).analytics).toEqual({ retentionDays: 7, maxEventsPerProject: 100000 });
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_ANALYTICS_RETENTION_DAYS: '0' }, dir))).toBe('W3KIT_ANALYTICS_RETENTION_DAYS');
  });

  it('takes flags over env over the config file', () => {
    const file = configFile({
      port: 5000,
      host: '0.0.0.0',
      dataDir: 'data',
      rateLimit: { max: 10, windowMs: 1000 },
      evmRpc: 'http://127.0.0.1:8545',
      seed: true,
    });
    const env = { W3KIT_SERVER_PORT: '6000', W3KIT_RATE_LIMIT_MAX: '20', W3KIT_DATA_DIR: '/srv/w3kit' };
    const fromFile = resolveConfig({ config: file }, {}, dir);
    expect(fromFile).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: path.join(dir, 'data'),
      rateLimit: { max: 10, windowMs: 1000 },
      evmRpc: 'http://127.0.0.1:8545',
      seed: true,
      relayPort: 5001,
      framePort: 5002,
      configFile: file,
    });
    const fromEnv = resolveConfig({ config: file }, env, dir);
    expect(fromEnv).toMatchObject({ port: 6000, dataDir: '/srv/w3kit', rateLimit: { max: 20, windowMs: 1000 }, relayPort: 6001 });
    const fromFlags = resolveConfig(
      {
        config: file,
        port: '7000',
        'relay-port': '9000',
        data: 'here',
        'solana-rpc': 'http://127.0.0.1:8899',
        'bitcoin-esplora': 'http://127.0.0.1:18443',
      },
      env,
      dir,
    );
    expect(fromFlags).toMatchObject({
      port: 7000,
      relayPort: 9000,
      framePort: 7002,
      dataDir: path.join(dir, 'here'),
      solanaRpc: 'http://127.0.0.1:8899',
      bitcoinEsplora: 'http://127.0.0.1:18443',
    });
    expect(resolveConfig({}, { W3KIT_BITCOIN_ESPLORA: 'https://mempool.space/api' }, dir).bitcoinEsplora).toBe('https://mempool.space/api');
    expect(resolveConfig({}, { W3KIT_CONFIG: file }, dir).port).toBe(5000);
  });

  it('keeps relay and frame ports at 0 with port 0', () => {
    expect(resolveConfig({ port: '0' }, {}, dir)).toMatchObject({ port: 0, relayPort: 0, framePort: 0 });
  });

  it('names the flag, variable or key of a bad value', () => {
    expect(inputErrorField(() => resolveConfig({ port: 'abc' }, {}, dir))).toBe('--port');
    expect(inputErrorField(() => resolveConfig({ port: '70000' }, {}, dir))).toBe('--port');
    expect(inputErrorField(() => resolveConfig({ 'relay-port': '-1' }, {}, dir))).toBe('--relay-port');
    expect(inputErrorField(() => resolveConfig({ 'frame-port': '4301' }, {}, dir))).toBe('--frame-port');
    expect(inputErrorField(() => resolveConfig({ 'evm-rpc': 'not a url' }, {}, dir))).toBe('--evm-rpc');
    expect(inputErrorField(() => resolveConfig({ 'solana-rpc': 'ftp://x' }, {}, dir))).toBe('--solana-rpc');
    expect(inputErrorField(() => resolveConfig({ 'bitcoin-esplora': 'not a url' }, {}, dir))).toBe('--bitcoin-esplora');
    expect(inputErrorField(() => resolveConfig({ host: 'bad host' }, {}, dir))).toBe('--host');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_RATE_LIMIT_MAX: '0' }, dir))).toBe('W3KIT_RATE_LIMIT_MAX');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_SERVER_PORT: 'x' }, dir))).toBe('W3KIT_SERVER_PORT');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_TRUST_PROXY: 'maybe' }, dir))).toBe('W3KIT_TRUST_PROXY');
    expect(inputErrorField(() => resolveConfig({ config: configFile({ port: '4301x' }) }, {}, dir))).toBe('config:port');
    expect(inputErrorField(() => resolveConfig({ config: configFile({ rateLimit: { max: 1, burst: 2 } }) }, {}, dir))).toBe(
      'config:rateLimit.burst',
    );
    expect(inputErrorField(() => resolveConfig({ config: configFile({ prot: 1 }) }, {}, dir))).toBe('config:prot');
    expect(inputErrorField(() => resolveConfig({ config: path.join(dir, 'missing.json') }, {}, dir))).toBe('--config');
    expect(() => resolveConfig({ port: 'abc' }, {}, dir)).toThrow(`Invalid --port "abc": must be an integer from 0 to 65535`);
  });

  it("reads the relay's public URL and limits from flags, env and the file, refusing one below its floor", () => {
    const file = configFile({
      relay: { publicUrl: 'wss://file.example.com', ipBytesPerHour: 1000, unsubscribedTtl: 3600, maxStoredBytes: 5000 },
    });
    expect(resolveConfig({ config: file }, {}, dir).relay).toEqual({
      publicUrl: 'wss://file.example.com',
      limits: { ipBytesPerHour: 1000, unsubscribedTtl: 3600, maxStoredBytes: 5000 },
    });
    const env = {
      W3KIT_RELAY_PUBLIC_URL: 'wss://env.example.com',
      W3KIT_RELAY_IP_MESSAGES_PER_HOUR: '50',
      W3KIT_RELAY_IP_BYTES_PER_HOUR: '2000',
      W3KIT_RELAY_GLOBAL_MESSAGES_PER_HOUR: '500',
      W3KIT_RELAY_GLOBAL_BYTES_PER_HOUR: '20000',
      W3KIT_RELAY_MAX_JWT_LIFETIME: '604800',
    };
    expect(resolveConfig({ config: file, 'relay-public-url': 'https://flag.example.com' }, env, dir).relay).toEqual({
      publicUrl: 'https://flag.example.com',
      limits: {
        ipMessagesPerHour: 50,
        ipBytesPerHour: 2000,
        globalMessagesPerHour: 500,
        globalBytesPerHour: 20000,
        maxStoredBytes: 5000,
        unsubscribedTtl: 3600,
        maxJwtLifetime: 604800,
      },
    });
    expect(() => resolveConfig({}, { W3KIT_RELAY_UNSUBSCRIBED_TTL: '299' }, dir)).toThrow(
      'Invalid W3KIT_RELAY_UNSUBSCRIBED_TTL "299": must be an integer of at least 300',
    );
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_RELAY_MAX_JWT_LIFETIME: '3600' }, dir))).toBe('W3KIT_RELAY_MAX_JWT_LIFETIME');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_RELAY_MAX_STORED_BYTES: '1GB' }, dir))).toBe('W3KIT_RELAY_MAX_STORED_BYTES');
    expect(inputErrorField(() => resolveConfig({ 'relay-public-url': 'relay.example.com' }, {}, dir))).toBe('--relay-public-url');
    const caps = { W3KIT_RELAY_MAX_SOCKETS: '900', W3KIT_RELAY_MAX_SOCKETS_PER_IP: '30', W3KIT_RELAY_MAX_SOCKETS_PER_CLIENT: '3' };
    expect(resolveConfig({ config: configFile({ relay: { unfetchedTtl: 7200 } }) }, caps, dir).relay.limits).toEqual({
      unfetchedTtl: 7200,
      maxSockets: 900,
      maxSocketsPerIp: 30,
      maxSocketsPerClient: 3,
    });
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_RELAY_UNFETCHED_TTL: '60' }, dir))).toBe('W3KIT_RELAY_UNFETCHED_TTL');
    expect(inputErrorField(() => resolveConfig({ config: configFile({ relay: { maxTtl: 1 } }) }, {}, dir))).toBe('config:relay.maxTtl');
  });

  it('reads the per-address subscription cap and the socket buffer bound from env and the file', () => {
    const file = configFile({ relay: { ipSubscriptions: 100, socketStallTimeout: 3 } });
    const env = { W3KIT_RELAY_SOCKET_BUFFER_BYTES: '65536', W3KIT_RELAY_IP_SUBSCRIPTIONS: '200' };
    expect(resolveConfig({ config: file }, env, dir).relay.limits).toEqual({
      ipSubscriptions: 200,
      socketBufferBytes: 65536,
      socketStallTimeout: 3,
    });
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_RELAY_IP_SUBSCRIPTIONS: '0' }, dir))).toBe('W3KIT_RELAY_IP_SUBSCRIPTIONS');
  });
});
