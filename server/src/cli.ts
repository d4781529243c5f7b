/**
 * The `w3kit-server` command line: `main(argv, io)` runs the server or one of the project,
 * wallet, price, identity and token commands and resolves to the exit code (0 ok, 1 failed,
 * 2 bad usage).
 */
import { parseArgs } from 'node:util';
import { resolveConfig, type ConfigFlags, type ServerConfig } from './config.js';
import { openDatabase, type Database } from './db/open.js';
import { InputError, NotFoundError } from './errors.js';
import { startServer } from './index.js';
import { getAddress } from 'viem';
import { listIdentities, removeIdentity, setIdentity } from './blockchain/identities.js';
import { listPrices, removePrice, setPrice } from './blockchain/prices.js';
import { listSpam, markSpam, unmarkSpam } from './blockchain/spam.js';
import { listTokens } from './blockchain/tokens.js';
import { createProject, deleteProject, listProjects, updateProject, type ProjectPatch } from './projects.js';
import { countWallets } from './wallets/registry.js';
import { importWallets, WalletImportError } from './wallets/import.js';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Stops a running server; without it SIGINT and SIGTERM do. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export const USAGE = `Usage:
  w3kit-server [options]                     run the backend (Provider API, Blockchain API, WalletConnect relay) until Ctrl-C
  w3kit-server projects add <id> --name NAME [--origins a,b] [--analytics on|off] [--features JSON]
  w3kit-server projects set <id> [--name NAME] [--origins a,b] [--analytics on|off] [--features JSON]
  w3kit-server projects list [--json]
  w3kit-server projects remove <id>
  w3kit-server wallets import FILE [--replace]
  w3kit-server wallets count
  w3kit-server prices set CHAIN TOKEN USD    e.g. prices set eip155:31337 native 3000 (TOKEN: native or 0x address)
  w3kit-server prices remove CHAIN TOKEN
  w3kit-server prices list [--json]
  w3kit-server identity set ADDRESS NAME [AVATAR]   a name another address holds is refused
  w3kit-server identity remove ADDRESS
  w3kit-server identity list [--json]
  w3kit-server tokens spam ADDRESS           mark a token or NFT contract as spam (any chain)
  w3kit-server tokens unspam ADDRESS
  w3kit-server tokens list [--json]          indexed tokens and NFT collections, and the spam list
  w3kit-server --help

Server options:
  --port N          HTTP port (default 4301, env W3KIT_SERVER_PORT; 0 picks a free port)
  --host H          address to listen on (default 127.0.0.1, env W3KIT_HOST)
  --data DIR        data directory holding w3kit.sqlite (default ./w3kit-data, env W3KIT_DATA_DIR)
  --seed            create the project 'w3kit-dev' (origins http://localhost:*, http://127.0.0.1:*),
                    the wallet registry (1000 wallets), the local chain's prices and the name
                    dev.w3kit of Hardhat account 1 when missing
  --config FILE     JSON config file (env W3KIT_CONFIG); flags and env override it
  --relay-port N    WalletConnect relay port (default port + 1; a free one with --port 0)
  --frame-port N    secure frame site port (default port + 2)
  --evm-rpc URL     EVM JSON-RPC node the Blockchain API indexes (balances, history, NFTs)
  --solana-rpc URL  Solana JSON-RPC for the Blockchain API
  --log             log every request (JSON lines)
  The secure frame site and the Solana part of the Blockchain API are not served yet: their
  flags are checked and kept in the configuration for the versions that add them.

Every command takes --data DIR and --config FILE. Rate limit: env W3KIT_RATE_LIMIT_MAX
(default 3000) requests per W3KIT_RATE_LIMIT_WINDOW_MS (default 60000) per client IP.
`;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  seed: { type: 'boolean' },
  config: { type: 'string' },
  'relay-port': { type: 'string' },
  'frame-port': { type: 'string' },
  'evm-rpc': { type: 'string' },
  'solana-rpc': { type: 'string' },
  log: { type: 'boolean' },
  name: { type: 'string' },
  origins: { type: 'string' },
  analytics: { type: 'string' },
  features: { type: 'string' },
  json: { type: 'boolean' },
  replace: { type: 'boolean' },
} as const;

type Flags = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

const COMMON = ['help', 'data', 'config'] as const;
const PROJECT_FLAGS = [...COMMON, 'name', 'origins', 'analytics', 'features'] as const;
const COMMANDS: Record<string, { flags: readonly (keyof Flags)[]; args: number | [number, number] }> = {
  serve: { flags: [...COMMON, 'port', 'host', 'seed', 'relay-port', 'frame-port', 'evm-rpc', 'solana-rpc', 'log'], args: 0 },
  'projects add': { flags: PROJECT_FLAGS, args: 1 },
  'projects set': { flags: PROJECT_FLAGS, args: 1 },
  'projects list': { flags: [...COMMON, 'json'], args: 0 },
  'projects remove': { flags: COMMON, args: 1 },
  'wallets import': { flags: [...COMMON, 'replace'], args: 1 },
  'wallets count': { flags: COMMON, args: 0 },
  'prices set': { flags: COMMON, args: 3 },
  'prices remove': { flags: COMMON, args: 2 },
  'prices list': { flags: [...COMMON, 'json'], args: 0 },
  'identity set': { flags: COMMON, args: [2, 3] },
  'identity remove': { flags: COMMON, args: 1 },
  'identity list': { flags: [...COMMON, 'json'], args: 0 },
  'tokens spam': { flags: COMMON, args: 1 },
  'tokens unspam': { flags: COMMON, args: 1 },
  'tokens list': { flags: [...COMMON, 'json'], args: 0 },
};

const ARGUMENTS: Record<string, string> = {
  'projects add': 'a project <id>',
  'projects set': 'a project <id>',
  'projects remove': 'a project <id>',
  'wallets import': 'a FILE',
  'prices set': 'CHAIN TOKEN USD',
  'prices remove': 'CHAIN TOKEN',
  'identity set': 'ADDRESS NAME [AVATAR]',
  'identity remove': 'an ADDRESS',
  'tokens spam': 'an ADDRESS',
  'tokens unspam': 'an ADDRESS',
};

const GROUPS = ['projects', 'wallets', 'prices', 'identity', 'tokens'];

/** A command-line mistake: printed with a pointer to --help, exit code 2. */
class UsageError extends Error {}

const FIELD_FLAGS: Record<string, string> = {
  id: '<id>',
  name: '--name',
  allowedOrigins: '--origins',
  features: '--features',
  analytics: '--analytics',
};

function configFlags(flags: Flags): ConfigFlags {
  const { port, host, data, seed, config, log } = flags;
  return {
    port,
    host,
    data,
    seed,
    config,
    log,
    'relay-port': flags['relay-port'],
    'frame-port': flags['frame-port'],
    'evm-rpc': flags['evm-rpc'],
    'solana-rpc': flags['solana-rpc'],
  };
}

function projectPatch(flags: Flags): ProjectPatch {
  const patch: ProjectPatch = {};
  if (flags.name !== undefined) patch.name = flags.name;
  if (flags.origins !== undefined) {
    patch.allowedOrigins = flags.origins
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  }
  if (flags.analytics !== undefined) {
    if (!/^(on|off)$/.test(flags.analytics)) throw new UsageError(`Invalid --analytics '${flags.analytics}': must be on or off`);
    patch.analytics = flags.analytics === 'on';
  }
  if (flags.features !== undefined) {
    try {
      patch.features = JSON.parse(flags.features) as ProjectPatch['features'];
    } catch {
      throw new UsageError(`Invalid --features: not JSON (e.g. --features '{"email":true,"swaps":false}')`);
    }
  }
  return patch;
}

function withDb<T>(config: ServerConfig, fn: (db: Database) => T): T {
  const db = openDatabase(config.dataDir);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

function waitForStop(signal: AbortSignal | undefined): Promise<void> {
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

async function serve(config: ServerConfig, io: CliIo): Promise<number> {
  let server;
  try {
    server = await startServer({
      port: config.port,
      host: config.host,
      dataDir: config.dataDir,
      seed: config.seed ? { wallets: config.seedWallets } : false,
      rateLimit: config.rateLimit,
      trustProxy: config.trustProxy,
      log: config.log,
      relayPort: config.relayPort,
      evmRpc: config.evmRpc,
      indexerLogger: {
        info: (message) => (config.log ? io.stdout.write(`w3kit-server: ${message}\n`) : undefined),
        warn: (message) => io.stderr.write(`w3kit-server: ${message}\n`),
      },
    });
  } catch (err) {
    const { code, port } = err as NodeJS.ErrnoException & { port?: number };
    const reason = code === 'EADDRINUSE' ? 'the port is in use' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    io.stderr.write(`w3kit-server: cannot start on ${config.host}:${port ?? config.port}: ${reason}\n`);
    return 1;
  }
  io.stdout.write(`w3kit-server  ${server.url}  (Provider API)\n`);
  if (server.relayUrl) io.stdout.write(`w3kit-relay   ${server.relayUrl}  (WalletConnect relay)\n`);
  if (config.evmRpc) io.stdout.write(`w3kit-evm     ${config.evmRpc}  (EVM chain indexed for the Blockchain API)\n`);
  await waitForStop(io.signal);
  await server.close();
  return 0;
}

function formatProject(p: ReturnType<typeof listProjects>[number]): string {
  const origins = p.allowedOrigins.length ? p.allowedOrigins.join(', ') : '(none)';
  return `${p.id}\t${JSON.stringify(p.name)}\tanalytics ${p.analytics ? 'on' : 'off'}\torigins ${origins}\tfeatures ${JSON.stringify(p.features)}`;
}

async function run(command: string, args: string[], flags: Flags, io: CliIo): Promise<number> {
  const config = resolveConfig(configFlags(flags), io.env ?? process.env, io.cwd ?? process.cwd());
  const out = (line: string) => io.stdout.write(`${line}\n`);
  switch (command) {
    case 'serve':
      return serve(config, io);
    case 'projects add': {
      if (flags.name === undefined) throw new UsageError("'projects add' needs --name NAME");
      const project = withDb(config, (db) => createProject(db, { id: args[0]!, name: flags.name!, ...projectPatch(flags) }));
      out(`Added project ${formatProject(project)}`);
      return 0;
    }
    case 'projects set': {
      const patch = projectPatch(flags);
      if (Object.keys(patch).length === 0)
        throw new UsageError("'projects set' needs at least one of --name, --origins, --analytics, --features");
      const project = withDb(config, (db) => updateProject(db, args[0]!, patch));
      out(`Updated project ${formatProject(project)}`);
      return 0;
    }
    case 'projects list': {
      const projects = withDb(config, listProjects);
      if (flags.json) out(JSON.stringify(projects, null, 2));
      else if (projects.length === 0) out(`No projects in ${config.dataDir} (add one with 'w3kit-server projects add <id> --name NAME')`);
      else projects.forEach((p) => out(formatProject(p)));
      return 0;
    }
    case 'projects remove': {
      if (!withDb(config, (db) => deleteProject(db, args[0]!))) throw new NotFoundError(`Unknown project '${args[0]}'`);
      out(`Removed project '${args[0]}'`);
      return 0;
    }
    case 'wallets import': {
      const result = withDb(config, (db) => importWallets(db, args[0]!, { replace: flags.replace ?? false }));
      out(`Imported ${result.imported} wallets${flags.replace ? ' (registry replaced)' : ''}; ${result.total} in the registry`);
      return 0;
    }
    case 'wallets count':
      out(String(withDb(config, countWallets)));
      return 0;
    case 'prices set': {
      const [chain, token, usd] = args as [string, string, string];
      if (!/^\d{1,15}(\.\d{1,18})?$/.test(usd))
        throw new InputError('price', `Invalid USD '${usd}': must be a number such as 3000 or 0.99`);
      const row = withDb(config, (db) => setPrice(db, chain, token, Number(usd)));
      out(`Price of ${row.token} on ${row.chainId}: ${row.usd} USD`);
      return 0;
    }
    case 'prices remove': {
      if (!withDb(config, (db) => removePrice(db, args[0]!, args[1]!))) throw new NotFoundError(`No price for ${args[1]} on ${args[0]}`);
      out(`Removed the price of ${args[1]} on ${args[0]}`);
      return 0;
    }
    case 'prices list': {
      const rows = withDb(config, listPrices);
      if (flags.json) out(JSON.stringify(rows, null, 2));
      else if (rows.length === 0) out("No prices (set one with 'w3kit-server prices set eip155:31337 native 3000')");
      else rows.forEach((r) => out(`${r.chainId}\t${r.token === 'native' ? 'native' : getAddress(r.token)}\t${r.usd}`));
      return 0;
    }
    case 'identity set': {
      const identity = withDb(config, (db) => setIdentity(db, args[0]!, args[1]!, args[2]));
      out(`Identity of ${identity.address}: ${JSON.stringify(identity.name)}${identity.avatar ? ` avatar ${identity.avatar}` : ''}`);
      return 0;
    }
    case 'identity remove': {
      if (!withDb(config, (db) => removeIdentity(db, args[0]!))) throw new NotFoundError(`No identity for ${args[0]}`);
      out(`Removed the identity of ${args[0]}`);
      return 0;
    }
    case 'identity list': {
      const rows = withDb(config, listIdentities);
      if (flags.json) out(JSON.stringify(rows, null, 2));
      else rows.forEach((r) => out(`${r.address}\t${JSON.stringify(r.name)}${r.avatar ? `\t${r.avatar}` : ''}`));
      return 0;
    }
    case 'tokens spam':
      out(`Marked ${withDb(config, (db) => markSpam(db, args[0]!))} as spam`);
      return 0;
    case 'tokens unspam': {
      if (!withDb(config, (db) => unmarkSpam(db, args[0]!))) throw new NotFoundError(`${args[0]} is not on the spam list`);
      out(`${args[0]} is no longer marked as spam`);
      return 0;
    }
    case 'tokens list': {
      const { tokens, spam } = withDb(config, (db) => ({ tokens: listTokens(db), spam: listSpam(db) }));
      if (flags.json) out(JSON.stringify({ tokens, spam }, null, 2));
      else {
        tokens.forEach((t) =>
          out(`${t.chainId}\t${t.kind}\t${t.address}\t${t.symbol}\t${JSON.stringify(t.name)}${t.spam ? '\tspam' : ''}`),
        );
        spam.forEach((a) => out(`spam list\t${a}`));
      }
      return 0;
    }
  }
  throw new UsageError(`Unknown command '${command}'`);
}

/** Runs the command line; resolves to the exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  // Only the project commands name a failing field by its flag (--name, --origins, ...).
  let projectCommand = false;
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true });
    } catch (err) {
      const message = (err as Error).message.split('. To specify')[0]!;
      throw new UsageError(message);
    }
    const flags = parsed.values as Flags;
    const positionals = parsed.positionals;
    if (flags.help || positionals[0] === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    const group = positionals[0];
    const command = group === undefined || group === 'serve' ? 'serve' : `${group} ${positionals[1] ?? ''}`.trim();
    const spec = COMMANDS[command];
    if (!spec) throw new UsageError(GROUPS.includes(group ?? '') ? `Unknown command '${command}'` : `Unknown command '${group}'`);
    const args = positionals.slice(command === 'serve' ? (group === undefined ? 0 : 1) : 2);
    const [min, max] = typeof spec.args === 'number' ? [spec.args, spec.args] : spec.args;
    if (args.length < min || args.length > max) {
      throw new UsageError(
        max === 0 ? `'${command}' takes no arguments, got '${args.join(' ')}'` : `'${command}' needs ${ARGUMENTS[command]}`,
      );
    }
    projectCommand = command.startsWith('projects ');
    const extra = (Object.keys(flags) as (keyof Flags)[]).find((f) => flags[f] !== undefined && !spec.flags.includes(f));
    if (extra) throw new UsageError(`--${extra} is not an option of '${command}'`);
    return await run(command, args, flags, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`w3kit-server: ${err.message}\nRun 'w3kit-server --help' for usage.\n`);
      return 2;
    }
    if (err instanceof InputError) {
      const flag = projectCommand ? FIELD_FLAGS[err.field.split('.')[0]!] : undefined;
      io.stderr.write(`w3kit-server: ${flag && !err.message.includes(flag) ? `${flag}: ` : ''}${err.message}\n`);
      return 2;
    }
    if (err instanceof NotFoundError || err instanceof WalletImportError) {
      io.stderr.write(`w3kit-server: ${err.message}\n`);
      return 1;
    }
    io.stderr.write(`w3kit-server: ${(err as Error)?.stack ?? String(err)}\n`);
    return 1;
  }
}
