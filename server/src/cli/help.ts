/** `w3kit-server --help`, built from the commands' usage lines and options sections. */
import type { Command, OptionHelp } from './command.js';

const PROGRAM = 'w3kit-server';
/** Where a usage line's summary starts (after the two-space indent). */
const SUMMARY_COLUMN = 43;
/** Where an option's description starts (after the two-space indent). */
const OPTION_COLUMN = 18;

function usageLine(command: Command): string {
  const synopsis = `${PROGRAM} ${command.usage}`;
  if (!command.summary) return `  ${synopsis}`;
  const gap = Math.max(SUMMARY_COLUMN - synopsis.length, 3);
  return `  ${synopsis}${' '.repeat(gap)}${command.summary}`;
}

/** An option's label and description; a label too long for the column has its description below it. */
function optionLines({ flag, value, text }: OptionHelp): string[] {
  const label = `--${flag}${value ? ` ${value}` : ''}`;
  const indent = `  ${' '.repeat(OPTION_COLUMN)}`;
  const [first, ...rest] = text.split('\n');
  const head = label.length < OPTION_COLUMN ? [`  ${label.padEnd(OPTION_COLUMN)}${first}`] : [`  ${label}`, `${indent}${first}`];
  return [...head, ...rest.map((line) => `${indent}${line}`)];
}

const FOOTER = `Every command takes --data DIR and --config FILE. Rate limit: env W3KIT_RATE_LIMIT_MAX
(default 3000) requests per W3KIT_RATE_LIMIT_WINDOW_MS (default 60000) per client IP.
Relay quotas, storage cap and socket caps: env W3KIT_RELAY_IP_BYTES_PER_HOUR (default
32 MiB), W3KIT_RELAY_MAX_SOCKETS_PER_IP (default 256) and the other W3KIT_RELAY_* variables
of the README.
`;

/** The usage text: every command's usage line, then each options section, then what all commands share. */
export function helpText(commands: readonly Command[]): string {
  const lines = ['Usage:', ...commands.map(usageLine), `  ${PROGRAM} --help`];
  for (const { options } of commands) {
    if (!options) continue;
    lines.push('', `${options.heading}:`, ...options.lines.flatMap(optionLines));
    if (options.note) lines.push(...options.note.split('\n').map((line) => `  ${line}`));
  }
  return `${lines.join('\n')}\n\n${FOOTER}`;
}
