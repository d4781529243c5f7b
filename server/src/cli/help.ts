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

function optionLines({ flag, value, text }: OptionHelp): string[] {
  const label = `--${flag}${value ? ` ${value}` : ''}`.padEnd(OPTION_COLUMN);
  const [first, ...rest] = text.split('\n');
  return [`  ${label}${first}`, ...rest.map((line) => `  ${' '.repeat(OPTION_COLUMN)}${line}`)];
}

const FOOTER = `Every command takes --data DIR and --config FILE. Rate limit: env W3KIT_RATE_LIMIT_MAX
(default 3000) requests per W3KIT_RATE_LIMIT_WINDOW_MS (default 60000) per client IP.
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
