/**
 * The `w3kit-server` command line: `main(argv, io)` finds the command (one module per command
 * group beside this file), checks its arguments and flags, runs it and resolves to the exit
 * code (0 ok, 1 failed, 2 bad usage).
 */
import { parseArgs } from 'node:util';
import { resolveConfig } from '../config.js';
import { InputError, NotFoundError } from '../errors.js';
import { StorageError } from '../storage/engine.js';
import { WalletImportError } from '../wallets/import.js';
import { dexCommands } from './dex.js';
import { FLAGS, UsageError, type CliIo, type Command, type Flags } from './command.js';
import { helpText } from './help.js';
import { identityCommands } from './identity.js';
import { pricesCommands } from './prices.js';
import { projectsCommands } from './projects.js';
import { configFlags, serveCommand } from './serve.js';
import { svmCommand } from './svm.js';
import { btcCommand } from './btc.js';
import { aaCommands } from './aa.js';
import { tokensCommands } from './tokens.js';
import { walletsCommands } from './wallets.js';
import { redactText } from '../redact.js';

export type { CliIo } from './command.js';

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  serveCommand,
  ...projectsCommands,
  ...walletsCommands,
  ...pricesCommands,
  ...identityCommands,
  ...tokensCommands,
  svmCommand,
  ...dexCommands,
  btcCommand,
  ...aaCommands,
];

export const USAGE = helpText(COMMANDS);

const GROUPS = new Set(COMMANDS.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]!));

function parse(argv: readonly string[]): { flags: Flags; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: [...argv], options: FLAGS, strict: true, allowPositionals: true });
    return { flags: parsed.values as Flags, positionals: parsed.positionals };
  } catch (err) {
    throw new UsageError((err as Error).message.split('. To specify')[0]!);
  }
}

/** The command the positionals name, and its arguments; a UsageError for an unknown command or a wrong count. */
export function findCommand(positionals: readonly string[]): { command: Command; args: string[] } {
  const group = positionals[0];
  // One-word commands (serve, svm) take their arguments after the name; grouped ones after group and verb.
  const oneWord = group === undefined ? 'serve' : COMMANDS.some((c) => c.name === group) ? group : undefined;
  const name = oneWord ?? `${group} ${positionals[1] ?? ''}`.trim();
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new UsageError(GROUPS.has(group ?? '') ? `Unknown command '${name}'` : `Unknown command '${group}'`);
  const args = positionals.slice(oneWord ? (group === undefined ? 0 : 1) : 2);
  const [min, max] = typeof command.args === 'number' ? [command.args, command.args] : command.args;
  if (args.length < min || args.length > max) {
    throw new UsageError(max === 0 ? `'${name}' takes no arguments, got '${args.join(' ')}'` : `'${name}' needs ${command.argsHint}`);
  }
  return { command, args };
}

/** Runs the command line; resolves to the exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command | undefined;
  try {
    const { flags, positionals } = parse(argv);
    if (flags.help || positionals[0] === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    const found = findCommand(positionals);
    command = found.command;
    const extra = (Object.keys(flags) as (keyof Flags)[]).find((f) => flags[f] !== undefined && !found.command.flags.includes(f));
    if (extra) throw new UsageError(`--${extra} is not an option of '${command.name}'`);
    const config = resolveConfig(configFlags(flags), io.env ?? process.env, io.cwd ?? process.cwd());
    const out = (line: string) => io.stdout.write(`${line}\n`);
    return await command.run({ args: found.args, flags, config, io, out });
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`w3kit-server: ${err.message}\nRun 'w3kit-server --help' for usage.\n`);
      return 2;
    }
    if (err instanceof InputError) {
      // Only the project commands name a failing field by its flag (--name, --origins, ...).
      const flag = command?.fieldFlags?.[err.field.split('.')[0]!];
      io.stderr.write(`w3kit-server: ${flag && !err.message.includes(flag) ? `${flag}: ` : ''}${err.message}\n`);
      return 2;
    }
    if (err instanceof NotFoundError || err instanceof WalletImportError || err instanceof StorageError) {
      io.stderr.write(`w3kit-server: ${err.message}\n`);
      return 1;
    }
    io.stderr.write(`w3kit-server: ${redactText((err as Error)?.stack ?? String(err))}\n`);
    return 1;
  }
}
