/**
 * Fee rates of a send from Esplora's /fee-estimates (sat/vB by confirmation target in blocks):
 * slow, normal and fast aim at 6, 3 and 1 blocks. A target the API does not list takes the
 * nearest faster one it lists (never a slower one, when a faster exists), else the nearest slower;
 * with no estimates at all (a quiet test network answers `{}`) FALLBACK_RATES. Rates are held to
 * at least the relay minimum of 1 sat/vB and at most MAX_RATE, and kept in order (slow <= normal
 * <= fast).
 */
export const FEE_SPEEDS = ['slow', 'normal', 'fast'] as const;
export type FeeSpeed = (typeof FEE_SPEEDS)[number];
export type FeeRates = Record<FeeSpeed, number>;

export const FEE_TARGETS: Record<FeeSpeed, number> = { slow: 6, normal: 3, fast: 1 };
export const FALLBACK_RATES: FeeRates = { slow: 1, normal: 2, fast: 4 };
export const MIN_RATE = 1;
/** sat/vB: above any fee market Bitcoin has seen; a higher estimate is a broken API, not a price. */
export const MAX_RATE = 5_000;

const clamp = (rate: number) => Math.min(MAX_RATE, Math.max(MIN_RATE, rate));

function rateFor(estimates: ReadonlyMap<number, number>, target: number): number | undefined {
  const targets = [...estimates.keys()].sort((a, b) => a - b);
  const faster = targets.filter((t) => t <= target).at(-1);
  const pick = faster ?? targets.find((t) => t > target);
  return pick === undefined ? undefined : estimates.get(pick);
}

/** The three rates from an Esplora /fee-estimates reply (keys that are not whole targets, or rates that are not positive, are ignored). */
export function feeRates(estimates: Readonly<Record<string, number>>): FeeRates {
  const usable = new Map<number, number>();
  for (const [key, rate] of Object.entries(estimates)) {
    const target = Number(key);
    if (Number.isSafeInteger(target) && target > 0 && Number.isFinite(rate) && rate > 0) usable.set(target, rate);
  }
  if (usable.size === 0) return { ...FALLBACK_RATES };
  const slow = clamp(rateFor(usable, FEE_TARGETS.slow)!);
  const normal = Math.max(slow, clamp(rateFor(usable, FEE_TARGETS.normal)!));
  const fast = Math.max(normal, clamp(rateFor(usable, FEE_TARGETS.fast)!));
  return { slow, normal, fast };
}
