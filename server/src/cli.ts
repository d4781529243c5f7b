/**
 * The `w3kit-server` command line: `main(argv, io)` runs the server or one of the project and
 * wallet commands and resolves to the exit code (0 ok, 1 failed, 2 bad usage).
 */
import { parseArgs } from 'node:util';
import { resolveConfig, type ConfigFlags, type ServerConfig } from './config.js';
import { openDatabase, type Database } from './db/open.js';
import { InputError, NotFoundError } from './errors.js';
import { startServer } from './index.js';
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
  w3kit-server [options]                     run the backend (Provider API, WalletConnect relay) until Ctrl-C
  w3kit-server projects add <id> --name NAME [--origins a,b] [--analytics on|off] [--features JSON]
  w3kit-server projects set <id> [--name NAME] [--origins a,b] [--analytics on|off] [--features JSON]
  w3kit-server projects list [--json]
  w3kit-server projects remove <id>
  w3kit-server wallets import FILE [--replace]
  w3kit-server wallets count
  w3kit-server --help

Server options:
  --port N          HTTP port (default 4301, env W3KIT_SERVER_PORT; 0 picks a free port)
  --host H          address to listen on (default 127.0.0.1, env W3KIT_HOST)
  --data DIR        data directory holding w3kit.sqlite (default ./w3kit-data, env W3KIT_DATA_DIR)
  --seed            create the project 'w3kit-dev' (origins http://localhost:*, http://127.0.0.1:*)
                    and the wallet registry (1000 wallets) when missing
  --config FILE     JSON config file (env W3KIT_CONFIG); flags and env override it
  --relay-port N    WalletConnect relay port (default port + 1; a free one with --port 0)
  --frame-port N    secure frame site port (default port + 2)
  --evm-rpc URL     EVM JSON-RPC for the Blockchain API
  --solana-rpc URL  Solana JSON-RPC for the Blockchain API
  --log             log every request (JSON lines)
  The secure frame site and the Blockchain API are not served yet: their flags are checked
  and kept in the configuration for the versions that add them.

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
const COMMANDS: Record<string, { flags: readonly (keyof Flags)[]; args: number }> = {
  serve: { flags: [...COMMON, 'port', 'host', 'seed', 'relay-port', 'frame-port', 'evm-rpc', 'solana-rpc', 'log'], args: 0 },
  'projects add': { flags: PROJECT_FLAGS, args: 1 },
  'projects set': { flags: PROJECT_FLAGS, args: 1 },
  'projects list': { flags: [...COMMON, 'json'], args: 0 },
  'projects remove': { flags: COMMON, args: 1 },
  'wallets import': { flags: [...COMMON, 'replace'], args: 1 },
  'wallets count': { flags: COMMON, args: 0 },
};

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
    });
  } catch (err) {
    const { code, port } = err as NodeJS.ErrnoException & { port?: number };
    const reason = code === 'EADDRINUSE' ? 'the port is in use' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    io.stderr.write(`w3kit-server: cannot start on ${config.host}:${port ?? config.port}: ${reason}\n`);
    return 1;
  }
  io.stdout.write(`w3kit-server  ${server.url}  (Provider API)\n`);
  if (server.relayUrl) io.stdout.write(`w3kit-relay   ${server.relayUrl}  (WalletConnect relay)\n`);
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
  }
  throw new UsageError(`Unknown command '${command}'`);
}

/** Runs the command line; resolves to the exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
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
    if (!spec) {
      throw new UsageError(group === 'projects' || group === 'wallets' ? `Unknown command '${command}'` : `Unknown command '${group}'`);
    }
    const args = positionals.slice(command === 'serve' ? (group === undefined ? 0 : 1) : 2);
    if (args.length !== spec.args) {
      throw new UsageError(
        spec.args === 0
          ? `'${command}' takes no arguments, got '${args.join(' ')}'`
          : `'${command}' needs ${command === 'wallets import' ? 'a FILE' : 'a project <id>'}`,
      );
    }
    const extra = (Object.keys(flags) as (keyof Flags)[]).find((f) => flags[f] !== undefined && !spec.flags.includes(f));
    if (extra) throw new UsageError(`--${extra} is not an option of '${command}'`);
    return await run(command, args, flags, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`w3kit-server: ${err.message}\nRun 'w3kit-server --help' for usage.\n`);
      return 2;
    }
    if (err instanceof InputError) {
      const flag = FIELD_FLAGS[err.field.split('.')[0]!];
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
