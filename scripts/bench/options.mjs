/**
 * `npm run bench` options:
 *   --no-build   skip `node scripts/build.mjs`
 *   --runs=N     page loads per figure, each page of a round in a fresh context (default 7)
 *   --cdn=DIR    bench the CDN build in DIR (default dist/cdn)
 *   --only=A,B   run only these groups of page loads (loads.mjs: pages, connect (EVM and Solana), registry,
 *                walletconnect, locale, swap, embedded), and skip the install footprint; sizes are always reported.
 *                The group `scale` is the server's load test (scale/, issue 31): it needs no browser and no
 *                client build, only server/dist (built unless --no-build); its --scale-* options are in
 *                scale/options.mjs. `--only=scale` runs it alone.
 */
import { parseScaleOptions } from './scale/options.mjs';

export function parseOptions(argv) {
  const value = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(value('runs') ?? 7);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('bench: --runs=N needs a positive integer');
  const only = value('only')?.split(',').filter(Boolean);
  const scale = only?.includes('scale') ? { scale: parseScaleOptions(argv) } : {};
  return { build: !argv.includes('--no-build'), runs, cdnDir: value('cdn') ?? 'dist/cdn', ...(only ? { only } : {}), ...scale };
}
