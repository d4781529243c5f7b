/** `w3kit-server [options]`: runs the backend until Ctrl-C (or the io's abort signal). */
import type { ConfigFlags, ServerConfig } from '../config.js';
import { startServer } from '../index.js';
import { COMMON_FLAGS, type CliIo, type Command, type Flags } from './command.js';
import { redactUrl } from '../redact.js';
import { startFailure } from './start-failure.js';
import { AA_FLAG_HELP, AA_FLAG_NAMES } from '../aa/settings.js';
import { SHUTDOWN_DEADLINE_MS } from '../http/close.js';

/** Why the frame's printed URL says localhost: on a loopback host without --frame-public-url (start.ts, defaultFrameUrl). */
function frameUrlNote(frameUrl: string, config: ServerConfig): string {
  return !config.framePublicUrl && frameUrl.startsWith('http://localhost:') ? '; localhost: passkeys refuse IP-address origins' : '';
}

/** The server's settings among the flags, for resolveConfig. */
export function configFlags(flags: Flags): ConfigFlags {
  const { port, host, data, db, redis, seed, config, log } = flags;
  return {
    port,
    host,
    data,
    db,
    redis,
    seed,
    config,
    log,
    'relay-port': flags['relay-port'],
    'frame-port': flags['frame-port'],
    'evm-rpc': flags['evm-rpc'],
    'solana-rpc': flags['solana-rpc'],
    'bitcoin-esplora': flags['bitcoin-esplora'],
    'relay-public-url': flags['relay-public-url'],
    'public-url': flags['public-url'],
    'frame-public-url': flags['frame-public-url'],
    smtp: flags.smtp,
    'mail-from': flags['mail-from'],
    'smtp-sink': flags['smtp-sink'],
    'oidc-port': flags['oidc-port'],
    'kek-file': flags['kek-file'],
    'farcaster-sandbox': flags['farcaster-sandbox'],
    'name-zone': flags['name-zone'],
    'onramp-key': flags['onramp-key'],
    'allowed-hosts': flags['allowed-hosts'],
    'metrics-token': flags['metrics-token'],
    'trust-proxy': flags['trust-proxy'],
    ...Object.fromEntries(AA_FLAG_NAMES.map((name) => [name, flags[name]])),
  };
}

/** Resolves on the signal's abort or, without one, on SIGINT or SIGTERM. */
export function waitForStop(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return signal.aborted ? Promise.resolve() : new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Exits the process SHUTDOWN_DEADLINE_MS from now unless it ended before (the timer keeps nothing alive). */
function exitByDeadline(io: CliIo): void {
  setTimeout(() => {
    io.stderr.write(`w3kit-server: did not stop within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting\n`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
}

async function serve(config: ServerConfig, io: CliIo): Promise<number> {
  let server;
  try {
    server = await startServer({
      port: config.port,
      host: config.host,
      dataDir: config.dataDir,
      dbUrl: config.db,
      redisUrl: config.redis,
      seed: config.seed ? { wallets: config.seedWallets } : false,
      rateLimit: config.rateLimit,
      trustProxy: config.trustProxy,
      publicUrl: config.publicUrl,
      analyticsRetention: config.analytics,
      log: config.log,
      relayPort: config.relayPort,
      relay: config.relay,
      evmRpc: config.evmRpc,
      solanaRpc: config.solanaRpc,
      bitcoinEsplora: config.bitcoinEsplora,
      framePort: config.framePort,
      framePublicUrl: config.framePublicUrl,
      smtp: config.smtp,
      mailFrom: config.mailFrom,
      smtpSink: config.smtpSink,
      socials: config.socials,
      oidcPort: config.oidcPort,
      kekFile: config.kekFile,
      kek: config.kek,
      farcasterSandbox: config.farcasterSandbox,
      sessionTtlMs: config.sessionTtlMs,
      authLimits: config.authLimits,
      nameZone: config.nameZone,
      onrampKey: config.onrampKey,
      allowedHosts: config.allowedHosts,
      metricsToken: config.metricsToken,
      aa: config.aa,
      warn: (line) => io.stderr.write(line),
      indexerLogger: {
        info: (message) => (config.log ? io.stdout.write(`w3kit-server: ${message}\n`) : undefined),
        warn: (message) => io.stderr.write(`w3kit-server: ${message}\n`),
      },
    });
  } catch (err) {
    io.stderr.write(startFailure(err, config));
    return 1;
  }
  io.stdout.write(`w3kit-server  ${server.url}  (Provider API)\n`);
  if (server.relayUrl) io.stdout.write(`w3kit-relay   ${server.relayUrl}  (WalletConnect relay)\n`);
  if (server.frameUrl) io.stdout.write(`w3kit-frame   ${server.frameUrl}  (secure frame site${frameUrlNote(server.frameUrl, config)})\n`);
  if (server.smtpSinkPort !== undefined) {
    io.stdout.write(
      `w3kit-smtp    smtp://${config.host}:${server.smtpSinkPort}  (development SMTP sink; mails at ${server.url}/dev/mail)\n`,
    );
  }
  if (server.oidcUrl) io.stdout.write(`w3kit-oidc    ${server.oidcUrl}  (development OpenID provider: every social provider, any login)\n`);
  if (config.evmRpc) io.stdout.write(`w3kit-evm     ${redactUrl(config.evmRpc)}  (EVM chain indexed for the Blockchain API)\n`);
  if (config.solanaRpc)
    io.stdout.write(`w3kit-solana  ${redactUrl(config.solanaRpc)}  (Solana chain read for the Blockchain API's balances)\n`);
  if (config.bitcoinEsplora)
    io.stdout.write(`w3kit-bitcoin ${redactUrl(config.bitcoinEsplora)}  (Bitcoin Esplora API read for the Blockchain API)\n`);
  io.stdout.write(`w3kit-db      ${server.storage.engine} ${server.storage.label}  (database)\n`);
  if (server.redis)
    io.stdout.write(`w3kit-redis   ${server.redis}  (between instances: relay fan-out, shared rate limits, indexer lease)\n`);
  await waitForStop(io.signal);
  // A stop by signal ends the process by the deadline even if something hangs (in-process runs use io.signal).
  if (!io.signal) exitByDeadline(io);
  await server.close();
  return 0;
}

export const serveCommand: Command = {
  name: 'serve',
  usage: '[options]',
  summary: 'run the backend (Provider API, Blockchain API, WalletConnect relay, frame site) until Ctrl-C',
  args: 0,
  flags: [
    ...COMMON_FLAGS,
    'db',
    'redis',
    'port',
    'host',
    'seed',
    'relay-port',
    'relay-public-url',
    'frame-port',
    'frame-public-url',
    'smtp',
    'mail-from',
    'smtp-sink',
    'oidc-port',
    'kek-file',
    'farcaster-sandbox',
    'evm-rpc',
    'solana-rpc',
    'bitcoin-esplora',
    'public-url',
    'allowed-hosts',
    'trust-proxy',
    'metrics-token',
    'onramp-key',
    'log',
    'name-zone',
    ...AA_FLAG_NAMES,
  ],
  options: {
    heading: 'Server options',
    lines: [
      { flag: 'port', value: 'N', text: 'HTTP port (default 4301, env W3KIT_SERVER_PORT; 0 picks a free port)' },
      { flag: 'host', value: 'H', text: 'address to listen on (default 127.0.0.1, env W3KIT_HOST)' },
      { flag: 'data', value: 'DIR', text: 'data directory holding w3kit.sqlite (default ./w3kit-data, env W3KIT_DATA_DIR)' },
      {
        flag: 'db',
        value: 'URL',
        text: 'the database: unset, SQLite (the file w3kit.sqlite in --data); postgres://USER:PASS@HOST:PORT/DB,\nPostgres (env W3KIT_DB_URL, config key db). The start line w3kit-db names the engine',
      },
      {
        flag: 'redis',
        value: 'URL',
        text: 'Redis between instances, redis://[USER:PASS@]HOST:PORT[/DB] (env W3KIT_REDIS_URL, config key redis):\nrelay fan-out, shared per-IP limits, one indexer per chain. Unset: all in process; on Postgres, one instance',
      },
      {
        flag: 'seed',
        text: [
          "create the project 'w3kit-dev' (origins http://localhost:*, http://127.0.0.1:*),",
          "the wallet registry (1000 wallets), the local chain's prices and the name",
          'dev.w3kit of Hardhat account 1 when missing',
        ].join('\n'),
      },
      {
        flag: 'config',
        value: 'FILE',
        text: 'JSON config file (env W3KIT_CONFIG); flags and env override it; its socials entry\nconfigures the social login providers (see the README, "Social login")',
      },
      { flag: 'relay-port', value: 'N', text: 'WalletConnect relay port (default port + 1; a free one with --port 0)' },
      {
        flag: 'relay-public-url',
        value: 'URL',
        text: 'the URL clients reach the relay at, when not the printed one (e.g. behind a proxy,\nwss://relay.example.com): JWTs for it are accepted too (env W3KIT_RELAY_PUBLIC_URL)',
      },
      { flag: 'frame-port', value: 'N', text: 'secure frame site and auth API port (default port + 2, env W3KIT_FRAME_PORT)' },
      {
        flag: 'frame-public-url',
        value: 'URL',
        text: 'the URL users reach the frame site at, for links in mails\n(env W3KIT_FRAME_PUBLIC_URL; default the frame listen address,\nhttp://localhost:PORT on a loopback host: passkeys refuse IP addresses)',
      },
      { flag: 'smtp', value: 'URL', text: 'SMTP server for login mails, smtp://HOST:PORT (env W3KIT_SMTP_URL)' },
      { flag: 'mail-from', value: 'ADDR', text: 'sender of login mails (default w3kit <login@w3kit.localhost>, env W3KIT_MAIL_FROM)' },
      {
        flag: 'smtp-sink',
        value: 'N',
        text: 'run a development SMTP sink on port N (0 free) and send to it unless --smtp is\ngiven; the received mails are listed at /dev/mail (env W3KIT_SMTP_SINK_PORT)',
      },
      {
        flag: 'oidc-port',
        value: 'N',
        text: "run the development OpenID provider on port N (0 free): it plays every social\nprovider the config file's socials entry leaves unset, any login (env W3KIT_OIDC_PORT)",
      },
      {
        flag: 'kek-file',
        value: 'FILE',
        text: 'key-encryption key of recovery shares: 32 bytes base64 (env W3KIT_KEK_FILE, or the\nkey in W3KIT_KEK; default DIR/key-encryption.key, created: keep it apart in production)',
      },
      {
        flag: 'farcaster-sandbox',
        text: 'Farcaster login through the development sandbox: a sign-in page that approves as\na test user (env W3KIT_FARCASTER_SANDBOX; never in production)',
      },
      { flag: 'evm-rpc', value: 'URL', text: 'EVM JSON-RPC node the Blockchain API indexes (balances, history, NFTs)' },
      {
        flag: 'solana-rpc',
        value: 'URL',
        text: "Solana JSON-RPC whose SOL and SPL token balances the Blockchain API reads\n(env W3KIT_SOLANA_RPC; e.g. w3kit-server svm's http://127.0.0.1:8899)",
      },
      {
        flag: 'bitcoin-esplora',
        value: 'URL',
        text: "Esplora HTTP API whose Bitcoin balances, UTXOs, history and fee estimates the\nBlockchain API reads (env W3KIT_BITCOIN_ESPLORA; e.g. w3kit-server btc's http://127.0.0.1:18443)",
      },
      {
        flag: 'public-url',
        value: 'URL',
        text: 'the URL clients reach this server at, for URLs in replies (env W3KIT_PUBLIC_URL; default the listen address)',
      },
      {
        flag: 'allowed-hosts',
        value: 'LIST',
        text: "host names served besides the public URLs', the listen host and loopback (comma list;\n*.example.com for subdomains, * for any; env W3KIT_ALLOWED_HOSTS); others get 421",
      },
      {
        flag: 'onramp-key',
        value: 'KEY',
        text: "private key of the sandbox on-ramp's payout account on the --evm-rpc chain (env\nW3KIT_ONRAMP_KEY; default Hardhat's dev account 19, refused off chains 31337 and 1337)",
      },
      {
        flag: 'trust-proxy',
        value: 'T',
        text: 'take the client address from X-Forwarded-For: a number of proxy hops (1 = one\nbalancer in front) or a comma list of proxy addresses/CIDR ranges (env W3KIT_TRUST_PROXY)',
      },
      {
        flag: 'metrics-token',
        value: 'T',
        text: 'serve Prometheus metrics at GET /metrics to Authorization: Bearer T (16+ characters;\nenv W3KIT_METRICS_TOKEN, keeps it out of ps); without it /metrics is a 404',
      },
      { flag: 'log', text: 'log every request (JSON lines)' },
      {
        flag: 'name-zone',
        value: 'ZONE',
        text: "the name registry's zone: names register as LABEL.ZONE (default w3kit.id, env W3KIT_NAME_ZONE)",
      },
      ...AA_FLAG_HELP,
    ],
  },
  run: ({ config, io }) => serve(config, io),
};
