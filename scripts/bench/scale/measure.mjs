/**
 * The scale bench's measures on running instances (one, or two behind a balancer): RSS per 1,000
 * open relay sockets, relay messages delivered per second (saturating, then paced at the
 * target rate) with p50/p99 latency, getWallets and SIWX nonces per second with p99; with each,
 * the load generator's own CPU (it shares the cores with the instances) and the instances'.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { closeAll, MAX_PER_CLIENT, openPairs, runRelayLoad } from './relay-load.mjs';
import { nonceRequest, runHttpLoad, walletsRequest } from './http-load.mjs';
import { cpuMsOf, rssOf } from './instance.mjs';
import { cpuShare, latencies, perSecond, rssPerThousand } from './stats.mjs';
import { TARGETS } from './targets.mjs';

const sum = (values) => values.reduce((a, b) => a + b, 0);
const fmt = (n, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';

/** Runs `load` and adds the generator's and the instances' CPU (cores kept busy on average) over it. */
async function withCpu(pids, load) {
  const wall = performance.now();
  const mine = process.cpuUsage();
  const theirs = sum(pids.map(cpuMsOf));
  const result = await load();
  const ms = performance.now() - wall;
  const generator = cpuShare(mine, process.cpuUsage(), ms, cpus().length);
  const server = (sum(pids.map(cpuMsOf)) - theirs) / ms;
  return { ...result, generatorCores: generator.cores, generatorShare: generator.share, serverCores: server };
}

/** One figure's JSON: rate, latencies (without the samples), errors and CPU. */
function figure(result) {
  const { latencies: samples, errors, generatorCores, generatorShare, serverCores } = result;
  const count = result.delivered ?? result.count;
  const rate = perSecond(count, result.ms);
  return {
    perSecond: rate,
    // What one core of the server does: steadier than the rate on a machine others share.
    perServerCore: rate / serverCores,
    ...latencies(samples),
    errors: errors.count,
    ...(errors.first ? { firstError: errors.first } : {}),
    generatorCores,
    generatorShare,
    serverCores,
    // CPU each message or request costs, in µs: what limits the rate once the cores are busy.
    serverMicros: (serverCores * 1e6) / rate,
    generatorMicros: (generatorCores * 1e6) / rate,
  };
}

const cpuLine = (f) =>
  `generator ${fmt(f.generatorCores, 2)} cores (${fmt(f.generatorShare * 100)}% of ${cpus().length}), server ${fmt(f.serverCores, 2)} cores (${fmt(f.perServerCore)}/s per server core); CPU per unit: server ${fmt(f.serverMicros)} µs, generator ${fmt(f.generatorMicros)} µs`;
const errLine = (f) => (f.errors ? `; ${f.errors} errors, first: ${f.firstError}` : '');

/** Opens the relay's sockets (RSS per 1,000), then runs the relay loads, saturating and at the target rate. */
async function measureRelay(target, options, figures, log) {
  const { pids } = target;
  const rssBefore = sum(pids.map(rssOf));
  const opened = performance.now();
  const clients = await openPairs(target.relayUrl, options.pairs);
  await new Promise((r) => setTimeout(r, 500));
  const rssAfter = sum(pids.map(rssOf));
  figures.sockets = { sockets: clients.length, rssPerThousandMB: rssPerThousand(rssBefore, rssAfter, clients.length) / 1024 ** 2 };
  log(
    `  relay sockets: ${clients.length} open and subscribed in ${fmt((performance.now() - opened) / 1000, 1)} s; ` +
      `RSS ${fmt(rssBefore / 1024 ** 2)} → ${fmt(rssAfter / 1024 ** 2)} MB, ${fmt(figures.sockets.rssPerThousandMB, 1)} MB per 1,000 sockets`,
  );
  try {
    const relay = (perClient) =>
      withCpu(pids, () => runRelayLoad(clients, { seconds: options.seconds, window: options.window, perClient }));
    figures.relayMax = figure(await relay(MAX_PER_CLIENT));
    const f = figures.relayMax;
    log(
      `  relay, as fast as it goes (${options.pairs} pairs, window ${options.window}, ≤ ${MAX_PER_CLIENT}/s per client id): ` +
        `${fmt(f.perSecond)} msgs/s delivered, p50 ${fmt(f.p50, 1)} ms, p99 ${fmt(f.p99, 1)} ms; ${cpuLine(f)}${errLine(f)}`,
    );
    const paced = TARGETS.relayPerSecond.min / clients.length;
    if (paced <= MAX_PER_CLIENT) {
      figures.relayAtTarget = { offered: TARGETS.relayPerSecond.min, ...figure(await relay(paced)) };
      const g = figures.relayAtTarget;
      log(
        `  relay, offered ${fmt(g.offered)} msgs/s: ${fmt(g.perSecond)} delivered, p50 ${fmt(g.p50, 1)} ms, p99 ${fmt(g.p99, 1)} ms; ${cpuLine(g)}${errLine(g)}`,
      );
    }
  } finally {
    closeAll(clients);
  }
}

/** Measures every figure against `target` ({ httpUrl, relayUrl, pids }); resolves to the figures. */
export async function measureScale(target, options, log) {
  const { pids } = target;
  const figures = {};
  if (options.loads.includes('relay')) await measureRelay(target, options, figures, log);
  const http = (nth) =>
    withCpu(pids, () => runHttpLoad(target.httpUrl, nth, { connections: options.connections, seconds: options.seconds }));
  if (options.loads.includes('wallets')) {
    const w = (figures.getWallets = figure(await http(walletsRequest)));
    log(
      `  getWallets (${options.connections} connections): ${fmt(w.perSecond)} req/s, p50 ${fmt(w.p50, 1)} ms, p99 ${fmt(w.p99, 1)} ms; ${cpuLine(w)}${errLine(w)}`,
    );
  }
  if (options.loads.includes('nonce')) {
    const n = (figures.siwxNonce = figure(await http(nonceRequest)));
    log(
      `  SIWX nonce (a write, ${options.connections} connections): ${fmt(n.perSecond)} req/s, p50 ${fmt(n.p50, 1)} ms, p99 ${fmt(n.p99, 1)} ms; ${cpuLine(n)}${errLine(n)}`,
    );
  }
  return figures;
}
