/**
 * `npm run bench` options:
 *   --no-build   skip `node scripts/build.mjs`
 *   --runs=N     page loads per figure, each page of a round in a fresh context (default 7)
 *   --cdn=DIR    bench the CDN build in DIR (default dist/cdn)
 *   --only=A,B   run only these groups of page loads (loads.mjs: pages, connect (EVM and Solana), registry,
 *                walletconnect, locale, swap, embedded), and skip the install footprint; sizes are always reported
 */
export function parseOptions(argv) {
  const value = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(value('runs') ?? 7);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('bench: --runs=N needs a positive integer');
  const only = value('only')?.split(',').filter(Boolean);
  return { build: !argv.includes('--no-build'), runs, cdnDir: value('cdn') ?? 'dist/cdn', ...(only ? { only } : {}) };
}
