/**
 * The figures the scale bench is read against (issue 31, section 5): the targets for one
 * instance, and the baseline measured before the work (one SQLite process, the generator on
 * the same two cores).
 */
export const TARGETS = {
  relayPerSecond: { min: 20_000 },
  getWalletsPerSecond: { min: 5_000 },
  p99Ms: { max: 100 },
};

export const BASELINE = {
  note: 'issue 31: one instance on SQLite, the load generator on the same 2 cores',
  relayPerSecond: 9_000,
  relayP99Ms: 200,
  getWalletsPerSecond: 1_045,
  getWalletsP99Ms: 112,
  healthPerSecond: 6_000,
};
