/**
 * What a `w3kit-server` command is: its name (`serve`, or group and verb such as
 * `projects add`), its usage line, the flags and number of arguments it takes, and its run
 * function. The command modules beside this file each declare theirs; `main` parses the
 * command line against them and `helpText` builds `--help` from them.
 */
import type { ServerConfig } from '../config.js';
import type { Storage } from '../storage/engine.js';
import { openServerStorage } from '../storage/server-storage.js';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Stops a running server; without it SIGINT and SIGTERM do. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Every flag of the command line, as `node:util` parseArgs takes them. */
export const FLAGS = {
  help: { type: 'boolean', short: 'h' },
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  db: { type: 'string' },
  redis: { type: 'string' },
  seed: { type: 'boolean' },
  config: { type: 'string' },
  'relay-port': { type: 'string' },
  'frame-port': { type: 'string' },
  'evm-rpc': { type: 'string' },
  'solana-rpc': { type: 'string' },
  'bitcoin-esplora': { type: 'string' },
  'relay-public-url': { type: 'string' },
  'public-url': { type: 'string' },
  'frame-public-url': { type: 'string' },
  smtp: { type: 'string' },
  'mail-from': { type: 'string' },
  'smtp-sink': { type: 'string' },
  'oidc-port': { type: 'string' },
  'kek-file': { type: 'string' },
  'farcaster-sandbox': { type: 'boolean' },
  log: { type: 'boolean' },
  'onramp-key': { type: 'string' },
  name: { type: 'string' },
  origins: { type: 'string' },
  analytics: { type: 'string' },
  features: { type: 'string' },
  'siwx-chains': { type: 'string' },
  json: { type: 'boolean' },
  replace: { type: 'boolean' },
  token: { type: 'string', multiple: true },
  'deployer-key': { type: 'string' },
  'name-zone': { type: 'string' },
  'allowed-hosts': { type: 'string' },
  'metrics-token': { type: 'string' },
  'trust-proxy': { type: 'string' },
  fund: { type: 'string', multiple: true },
  'block-time': { type: 'string' },
  'paymaster-signer': { type: 'string' },
  'paymaster-deposit': { type: 'string' },
  'executor-key': { type: 'string' },
  'utility-key': { type: 'string' },
  'bundler-url': { type: 'string' },
  paymaster: { type: 'string' },
  'paymaster-key': { type: 'string' },
  'paymaster-daily-gas': { type: 'string' },
} as const;

export type FlagName = keyof typeof FLAGS;
export type Flags = {
  [K in FlagName]?: (typeof FLAGS)[K]['type'] extends 'boolean'
    ? boolean
    : (typeof FLAGS)[K] extends { multiple: true }
      ? string[]
      : string;
};

/** The flags every command takes. */
export const COMMON_FLAGS = ['help', 'data', 'config'] as const satisfies readonly FlagName[];

/** One line of a command's options section in `--help`. */
export interface OptionHelp {
  flag: FlagName;
  /** The value's placeholder, e.g. `N`, `DIR`. */
  value?: string;
  /** Its description; further lines are indented under the first. */
  text: string;
}

export interface CommandContext {
  /** The positional arguments after the command's name. */
  args: string[];
  flags: Flags;
  config: ServerConfig;
  io: CliIo;
  /** Writes one line to stdout. */
  out(line: string): void;
}

export interface Command {
  /** `serve`, or group and verb: `projects add`. */
  name: string;
  /** The usage line after `w3kit-server`, e.g. `projects remove <id>`. */
  usage: string;
  /** What the usage line says beside it in `--help`. */
  summary?: string;
  /** Positional arguments: an exact count or [min, max]. */
  args: number | readonly [number, number];
  /** The arguments as the error for a wrong count names them, e.g. `a project <id>`. */
  argsHint?: string;
  flags: readonly FlagName[];
  /** An options section of `--help` (its heading, its lines, a note under them). */
  options?: { heading: string; lines: readonly OptionHelp[]; note?: string };
  /** Which flag holds an InputError's field (`allowedOrigins` -> `--origins`), so errors can name it. */
  fieldFlags?: Readonly<Record<string, string>>;
  /** Resolves to the exit code. */
  run(context: CommandContext): number | Promise<number>;
}

/** A command-line mistake: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Runs `fn` on the configured storage (`--db`, else SQLite in --data), opened as the server opens it, closing it afterwards. */
export async function withStorage<T>(config: ServerConfig, fn: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openServerStorage(config.db, config.dataDir);
  try {
    return await fn(storage);
  } finally {
    await storage.close();
  }
}
