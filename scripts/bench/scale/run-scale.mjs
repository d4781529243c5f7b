/**
 * `npm run bench -- --only=scale`: the scenarios of scenarios.mjs one after the other, each line
 * printed as it is measured, then the figures against the issue's targets and the baseline, and
 * dist/bench.json's `scale` entry (the rest of the file, the page bench's, is kept).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { printProfiles } from './profile.mjs';
import { SCENARIO_LABELS, SCENARIO_RUNS } from './scenarios.mjs';
import { against } from './stats.mjs';
import { BASELINE, TARGETS } from './targets.mjs';

/** Each measured scenario's figures against the targets: [label, value, target, status] rows. */
export function verdicts(figures) {
  const rows = [];
  const add = (label, value, target, digits = 0) =>
    rows.push([
      label,
      Number.isFinite(value) ? value.toFixed(digits) : 'n/a',
      target.min !== undefined ? `≥ ${target.min}` : `< ${target.max}`,
      against(value, target),
    ]);
  if (figures.relayMax) add('relay msgs/s (saturating)', figures.relayMax.perSecond, TARGETS.relayPerSecond);
  if (figures.relayAtTarget) {
    add('relay msgs/s at the target rate', figures.relayAtTarget.perSecond, { min: TARGETS.relayPerSecond.min * 0.98 });
    add('relay p99 ms at the target rate', figures.relayAtTarget.p99, TARGETS.p99Ms, 1);
  }
  if (figures.getWallets) {
    add('getWallets req/s', figures.getWallets.perSecond, TARGETS.getWalletsPerSecond);
    add('getWallets p99 ms', figures.getWallets.p99, TARGETS.p99Ms, 1);
  }
  if (figures.siwxNonce) add('SIWX nonce p99 ms', figures.siwxNonce.p99, TARGETS.p99Ms, 1);
  return rows;
}

/** Sets `scale` in the JSON file, keeping what else it holds. */
export function writeScaleJson(file, scale) {
  let json = {};
  if (existsSync(file)) {
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      json = {};
    }
  }
  json.scale = scale;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
}

export async function runScale(options, log = console.log, out = 'dist/bench.json') {
  const machine = { cpus: cpus().length, loadavg: loadavg() };
  log(`\nScale (issue 31): the built server/dist bin on loopback, the load generator in this process on the same ${machine.cpus} cores`);
  log(`  load average ${machine.loadavg.map((l) => l.toFixed(2)).join(' ')}; each load: 1 s warm-up, ${options.seconds} s measured`);
  const scenarios = {};
  for (const name of options.scenarios) {
    log(`\n${SCENARIO_LABELS[name]}`);
    const started = Date.now();
    const result = await SCENARIO_RUNS[name](options, log);
    if (result.status === 'skipped') log(`  skipped: ${result.reason}`);
    scenarios[name] = { label: SCENARIO_LABELS[name], ...result, seconds: (Date.now() - started) / 1000 };
  }
  for (const [name, s] of Object.entries(scenarios)) {
    if (s.status !== 'measured') continue;
    log(`\n${s.label}: against the targets for one instance`);
    for (const [label, value, target, status] of verdicts(s.figures))
      log(`  ${label.padEnd(34)} ${value.padStart(9)}  ${target.padEnd(8)} ${status}`);
    if (name === 'sqlite')
      log(
        `  baseline (${BASELINE.note}): relay ~${BASELINE.relayPerSecond}/s p99 ~${BASELINE.relayP99Ms} ms; getWallets ${BASELINE.getWalletsPerSecond}/s p99 ${BASELINE.getWalletsP99Ms} ms`,
      );
  }
  const { cpuProf, ...settings } = options;
  writeScaleJson(out, { date: new Date().toISOString(), machine, options: settings, targets: TARGETS, baseline: BASELINE, scenarios });
  if (cpuProf) printProfiles(cpuProf, log);
  log(`\nWrote ${out} (scale)${cpuProf ? `; CPU profiles in ${cpuProf}` : ''}`);
  return scenarios;
}
