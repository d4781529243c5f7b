/**
 * `npm run attack` (scripts/attack.mjs bundles and runs this): the attack suite of issue 29
 * against fresh servers it starts from server/dist, or a running one on loopback; prints each
 * attack's report, writes the JSON result and, with --compare, the differences with an earlier
 * one. Exit code 0 when every attack ran (held or not: it is a report), 1 when one could not
 * run, 2 for bad options (a URL off loopback among them).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareResults, formatComparison, formatSuite, parseResult } from './report.js';
import { runSuite, selectAttacks, type SuiteOptions } from './suite.js';
import { runningTarget } from './target.js';

export const USAGE = `npm run attack -- [options]
  --quick              smaller counts and shorter waits
  --only ID[,ID]       run these attacks: subscriptions, slow-readers, sockets, global-quota, siwx, mail
  --url URL            attack the running server at URL (loopback only) instead of starting one per attack
  --relay-url URL      its relay (default: the port after --url's)
  --frame-url URL      its frame site (default: two ports after --url's)
  --pid N              its process id, to read its memory (/proc/N/status)
  --out FILE           where to write the JSON result (default .attack/last.json)
  --compare FILE       print the differences with an earlier result
  --help               this text`;

export interface CliOptions {
  suite: SuiteOptions;
  out: string;
  compare: string | undefined;
}

/** Parses the command line; throws an Error whose message says what is wrong. */
export function parseArgs(argv: string[], cwd = process.cwd()): CliOptions {
  const values: Record<string, string> = {};
  let quick = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') {
      quick = true;
      continue;
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!['--only', '--url', '--relay-url', '--frame-url', '--pid', '--out', '--compare'].includes(flag))
      throw new Error(`Unknown option '${arg}'`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
    values[flag.slice(2)] = value;
  }
  const pid = values.pid === undefined ? undefined : Number(values.pid);
  if (pid !== undefined && !(Number.isSafeInteger(pid) && pid > 0)) throw new Error(`--pid '${values.pid}' is not a process id`);
  if (!values.url && (values['relay-url'] || values['frame-url'] || pid))
    throw new Error('--relay-url, --frame-url and --pid go with --url');
  const only = values.only?.split(',').map((s) => s.trim());
  selectAttacks(only);
  const running = values.url ? { url: values.url, relayUrl: values['relay-url'], frameUrl: values['frame-url'], pid } : undefined;
  if (running) runningTarget(running); // refuses a URL off loopback
  return {
    suite: { quick, ...(only ? { only } : {}), ...(running ? { running } : {}) },
    out: path.resolve(cwd, values.out ?? '.attack/last.json'),
    compare: values.compare === undefined ? undefined : path.resolve(cwd, values.compare),
  };
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  let options: CliOptions;
  try {
    options = parseArgs(argv);
  } catch (err) {
    console.error(`attack: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  // Read the earlier result first: a bad file stops before minutes of attacks.
  const previous = options.compare ? parseResult(readFileSync(options.compare, 'utf8'), options.compare) : undefined;
  const result = await runSuite({ ...options.suite, log: (line) => console.log(line) });
  console.log(`\n${formatSuite(result)}`);
  mkdirSync(path.dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nresult written to ${options.out}`);
  if (previous) {
    console.log(`\n${formatComparison(compareResults(previous, result), previous.startedAt)}`);
    if (previous.quick !== result.quick) console.log('  (one run was --quick and the other not: their counts differ by design)');
  }
  return result.attacks.some((a) => a.verdict === 'not run') ? 1 : 0;
}
