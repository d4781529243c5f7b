/**
 * The scale bench's arithmetic (issue 31, section 5): percentiles of latencies, rates, the load
 * generator's CPU share, RSS per 1,000 sockets, and each figure against its target.
 */

/** The p-th percentile (0–100) of a list of numbers, by the nearest-rank method; NaN when empty. */
export function percentile(samples, p) {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be from 0 to 100, got ${p}`);
  if (samples.length === 0) return NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** Count, p50, p99 and max of latencies in ms (NaN for an empty list). */
export function latencies(samples) {
  if (samples.length === 0) return { count: 0, p50: NaN, p99: NaN, max: NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (p) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
  return { count: sorted.length, p50: at(50), p99: at(99), max: sorted[sorted.length - 1] };
}

/** Events per second over `ms` milliseconds. */
export function perSecond(count, ms) {
  if (!(ms > 0)) throw new RangeError(`perSecond: the duration must be positive, got ${ms}`);
  return (count * 1000) / ms;
}

/**
 * A process's CPU share from two `process.cpuUsage()` readings (µs) over `wallMs`: `cores`, how
 * many cores it kept busy on average, and `share`, that fraction of the machine's `cpus`.
 */
export function cpuShare(before, after, wallMs, cpus) {
  const busyMs = (after.user - before.user + after.system - before.system) / 1000;
  const cores = busyMs / wallMs;
  return { cores, share: cores / cpus };
}

/** Resident memory (bytes) per 1,000 sockets, from the RSS before and after `sockets` were opened. */
export function rssPerThousand(rssBefore, rssAfter, sockets) {
  if (!(sockets > 0)) throw new RangeError('rssPerThousand: needs at least one socket');
  return ((rssAfter - rssBefore) * 1000) / sockets;
}

/** 'PASS' when `value` meets the target (`{ min }` or `{ max }`), 'BELOW'/'OVER' when not, 'n/a' without a value. */
export function against(value, target) {
  if (!Number.isFinite(value)) return 'n/a';
  if (target.min !== undefined) return value >= target.min ? 'PASS' : 'BELOW';
  return value <= target.max ? 'PASS' : 'OVER';
}
