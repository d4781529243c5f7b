/**
 * Runs the attacks of issue 29 (items 1 to 6) one after another, each against a fresh server the
 * suite starts with the settings the attack asks for (or all against one running server, loopback
 * only), each bounded in count and time, and collects what each tried, measured and held.
 */
import { type Attack, type AttackResult, type Verdict } from './attack.js';
import { globalQuota } from './global-quota.js';
import { mailCooldown } from './mail-cooldown.js';
import { AddressPool, closeHttp } from './net.js';
import { siwxFlood } from './siwx-flood.js';
import { slowReaders } from './slow-readers.js';
import { socketFlood } from './sockets.js';
import { subscriptionFlood } from './subscriptions.js';
import { runningTarget, startTarget, type RunningServerUrls, type ServerSettings, type Target } from './target.js';

export const ATTACKS: readonly Attack[] = [subscriptionFlood, slowReaders, socketFlood, globalQuota, siwxFlood, mailCooldown];

export interface SuiteOptions {
  /** Smaller counts and shorter waits (for the suite's own test). */
  quick?: boolean;
  /** Ids of the attacks to run (default all). */
  only?: string[];
  /** Attack this running server instead of starting one per attack. */
  running?: RunningServerUrls;
  log?: (line: string) => void;
}

export interface AttackRecord extends AttackResult {
  id: string;
  item: number;
  title: string;
  durationMs: number;
  /** The settings of the server the suite started for it (absent against a running server). */
  settings?: ServerSettings;
}

export interface SuiteResult {
  version: 1;
  startedAt: string;
  durationMs: number;
  quick: boolean;
  /** 'started' (a fresh server per attack) or the running server's URL. */
  target: string;
  attacks: AttackRecord[];
}

/** Longest an attack may take, setup and victim checks included, before it is abandoned. */
const ATTACK_TIMEOUT_MS = { quick: 90_000, full: 120_000 };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Throws for an unknown id in `only`. */
export function selectAttacks(only: string[] | undefined): Attack[] {
  if (!only?.length) return [...ATTACKS];
  const unknown = only.filter((id) => !ATTACKS.some((a) => a.id === id));
  if (unknown.length) throw new Error(`Unknown attack ${unknown.join(', ')}: one of ${ATTACKS.map((a) => a.id).join(', ')}`);
  return ATTACKS.filter((a) => only.includes(a.id));
}

async function runOne(attack: Attack, options: SuiteOptions, quick: boolean, log: (line: string) => void): Promise<AttackRecord> {
  const started = Date.now();
  const settings = options.running ? undefined : (attack.settings?.(quick) ?? {});
  let target: Target | undefined;
  let result: AttackResult;
  try {
    target = options.running ? runningTarget(options.running) : await startTarget(settings);
    const ctx = { target, quick, addresses: new AddressPool(attack.item), log: (line: string) => log(`  ${attack.id}: ${line}`) };
    result = await withTimeout(attack.run(ctx), quick ? ATTACK_TIMEOUT_MS.quick : ATTACK_TIMEOUT_MS.full, attack.id);
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    result = {
      tried: '(stopped by an error)',
      criterion: '',
      verdict: 'not run' as Verdict,
      measured: { error: message },
      notes: [message],
    };
  } finally {
    await target?.close().catch(() => undefined);
    closeHttp();
  }
  return {
    id: attack.id,
    item: attack.item,
    title: attack.title,
    durationMs: Date.now() - started,
    ...(settings ? { settings } : {}),
    ...result,
  };
}

export async function runSuite(options: SuiteOptions = {}): Promise<SuiteResult> {
  const quick = options.quick ?? false;
  const log = options.log ?? (() => undefined);
  const attacks = selectAttacks(options.only);
  if (options.running) runningTarget(options.running); // refuses a non-loopback URL before anything runs
  const startedAt = new Date();
  const records: AttackRecord[] = [];
  for (const attack of attacks) {
    log(`${attack.item} ${attack.id}: ${attack.title}`);
    const record = await runOne(attack, options, quick, log);
    log(`${attack.item} ${attack.id}: ${record.verdict} (${(record.durationMs / 1000).toFixed(1)} s)`);
    records.push(record);
  }
  return {
    version: 1,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    quick,
    target: options.running ? options.running.url : 'started',
    attacks: records,
  };
}
