/**
 * What one attack of the suite is (issue 29, items 1 to 6): the settings it wants of a server
 * the suite starts for it, and a run that tries something bounded in count and time and
 * reports what it tried, what it measured and its verdict against an explicit criterion.
 */
import type { AddressPool } from './net.js';
import type { ServerSettings, Target } from './target.js';

/**
 * 'held': the criterion was met. 'did not hold': it was not. 'not run': the target lacks what
 * the attack needs (e.g. no SMTP sink), said in `notes`.
 */
export type Verdict = 'held' | 'did not hold' | 'not run';

/** A measured figure: numbers compare between runs; strings and tallies are shown as they are. */
export type Figure = number | string | boolean | null | Record<string, number>;

export interface AttackResult {
  /** What it did, in words with its counts. */
  tried: string;
  /** The condition for 'held', in words. */
  criterion: string;
  verdict: Verdict;
  /** Named figures: rows, bytes, RSS, refusals by code, whether a victim was served. */
  measured: Record<string, Figure>;
  notes?: string[];
}

export interface AttackContext {
  target: Target;
  /** Smaller counts and shorter waits (the suite's own test). */
  quick: boolean;
  addresses: AddressPool;
  log(line: string): void;
}

export interface Attack {
  /** Short id used in the JSON and on the command line, e.g. 'subscriptions'. */
  id: string;
  /** The item of issue 29 it repeats. */
  item: number;
  title: string;
  /** What a server started for this attack is given (scaled limits, documented in server/README.md). */
  settings?(quick: boolean): ServerSettings;
  run(ctx: AttackContext): Promise<AttackResult>;
}

/** Bytes as MiB with one decimal, for the words of `tried`. */
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The verdict for a list of named conditions: held when every one is true. */
export function judge(conditions: Record<string, boolean>): { verdict: Verdict; failed: string[] } {
  const failed = Object.entries(conditions)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  return { verdict: failed.length ? 'did not hold' : 'held', failed };
}
