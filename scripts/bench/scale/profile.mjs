/**
 * Reads the server's CPU profiles (`--scale-cpu-prof=DIR`, written by `node --cpu-prof` when the
 * instance exits) and prints where its time went: the functions with the most self time, and
 * the most inclusive time (the function and what it called), as shares of the samples.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const label = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;

/** The `count` functions with the most self and inclusive time in a V8 CPU profile: [label, share] pairs. */
export function topFunctions(profile, count = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const time = new Map();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  const self = new Map();
  const inclusive = new Map();
  for (const [id, t] of time) {
    total += t;
    const own = label(byId.get(id).callFrame);
    self.set(own, (self.get(own) ?? 0) + t);
    // Each function once per sample, however deep it recurses.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at).callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + t);
    }
  }
  const top = (map) =>
    [...map]
      .filter(([name]) => !name.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, t]) => [name, total ? t / total : 0]);
  return { self: top(self), inclusive: top(inclusive) };
}

/** Prints the top functions of each profile in `dir`. */
export function printProfiles(dir, log, count = 15) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const { self, inclusive } = topFunctions(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), count);
    log(`\nCPU profile ${file}: self time`);
    for (const [name, share] of self) log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
    log('  inclusive time');
    for (const [name, share] of inclusive) log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}
