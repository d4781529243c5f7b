/**
 * Options of the scale group (`npm run bench -- --only=scale`), each bounded so a run stays
 * within minutes:
 *   --scale-seconds=N      seconds each load is measured, after a one-second warm-up (default 6, at most 60)
 *   --scale-pairs=N        relay pairs, two sockets on distinct client ids each (default 500, at most 2000)
 *   --scale-window=N       messages each side of a pair may have published and not yet received (default 4, at most 100)
 *   --scale-connections=N  HTTP keep-alive connections of the getWallets and nonce loads (default 32, at most 256)
 *   --scale-scenarios=A,B  sqlite, postgres (one instance on Postgres + Redis), balancer (two behind nginx); default all
 *   --scale-loads=A,B      relay (the sockets, their RSS and the relay loads), wallets (getWallets), nonce (SIWX nonce); default all
 *   --scale-cpu-prof=DIR   run the server under `node --cpu-prof`, profiles written to DIR
 *   --scale-bin=FILE       bench this build of the bin instead of server/dist/w3kit-server.js (before/after a change)
 *   --scale-semi-space=MB  run the instances with V8's --max-semi-space-size=MB (an operator's NODE_OPTIONS; fewer
 *                          scavenges of the young messages); default node's own (from 1 to 256)
 */
export const SCENARIOS = ['sqlite', 'postgres', 'balancer'];
export const LOADS = ['relay', 'wallets', 'nonce'];

/** The names in `--NAME=a,b` that are all of `known`, in their order; the whole list when absent. */
function names(given, flag, known) {
  const list = given?.split(',').filter(Boolean) ?? known;
  const unknown = list.filter((s) => !known.includes(s));
  if (unknown.length || list.length === 0)
    throw new Error(`bench: --${flag} takes ${known.join(', ')}; not ${unknown.join(', ') || 'none'}`);
  return known.filter((s) => list.includes(s));
}

const BOUNDS = {
  seconds: ['scale-seconds', 6, 1, 60],
  pairs: ['scale-pairs', 500, 1, 2000],
  window: ['scale-window', 4, 1, 100],
  connections: ['scale-connections', 32, 1, 256],
};

export function parseScaleOptions(argv) {
  const value = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const options = {};
  for (const [key, [flag, fallback, min, max]] of Object.entries(BOUNDS)) {
    const given = value(flag);
    const n = given === undefined ? fallback : Number(given);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`bench: --${flag}=N needs an integer from ${min} to ${max}`);
    options[key] = n;
  }
  options.scenarios = names(value('scale-scenarios'), 'scale-scenarios', SCENARIOS);
  options.loads = names(value('scale-loads'), 'scale-loads', LOADS);
  const prof = value('scale-cpu-prof');
  if (prof !== undefined) {
    if (!prof) throw new Error('bench: --scale-cpu-prof=DIR needs a folder');
    options.cpuProf = prof;
  }
  const semi = value('scale-semi-space');
  if (semi !== undefined) {
    const mb = Number(semi);
    if (!Number.isInteger(mb) || mb < 1 || mb > 256) throw new Error('bench: --scale-semi-space=MB needs an integer from 1 to 256');
    options.semiSpaceMB = mb;
  }
  const bin = value('scale-bin');
  if (bin !== undefined) {
    if (!bin) throw new Error('bench: --scale-bin=FILE needs a file');
    options.bin = bin;
  }
  return options;
}
