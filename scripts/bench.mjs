#!/usr/bin/env node
/**
 * `npm run bench`: builds (unless --no-build), then reports the CDN bundle sizes, the install
 * footprint (and per chain: packages and MB of `w3kit`, `w3kit @solana/web3.js` and `w3kit wagmi
 * viem @tanstack/react-query`, measures/install.mjs), and, over rounds of fresh page loads in
 * headless Chromium interleaved with a floor page (one minimal Lit element, built the same way), each timing as w3kit / floor with min,
 * median and max, against the targets of DESIGN.md's Budgets and beside the AppKit anchor; writes
 * dist/bench.json. The parts are in scripts/bench/: harness.mjs (build, server, page loads,
 * interleaving), measures/ (one file per measure), figures.mjs (targets and anchors), report.mjs
 * (table and JSON), floor/ (the floor page).
 *
 * It is a report, not a test: it exits 0 when figures are over target, and 1 only when the
 * measurement itself fails (build failure, page error, console error, failed request, timeout).
 *
 * Options: --no-build   skip `node scripts/build.mjs`
 *          --runs=N     rounds of page loads (default 7)
 *          --cdn=DIR    bench the CDN build in DIR (default dist/cdn)
 *          --only=A,B   only these groups (options.mjs); `--only=scale` is the server's load test alone
 *                       (scale/: no browser, no client build; the server bin is built unless --no-build)
 */
import { ensureBrowserOrExit } from './lib/browser.mjs';
import { ROOT } from './bench/harness.mjs';
import { parseOptions } from './bench/options.mjs';
import { runBench } from './bench/run-bench.mjs';
import { runScale } from './bench/scale/run-scale.mjs';

process.chdir(ROOT);
let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const pageGroups = options.only?.filter((g) => g !== 'scale');
const pages = !options.only || pageGroups.length > 0;
if (pages) await ensureBrowserOrExit(); // before the build, so a missing browser stops at once

try {
  if (pages) await runBench({ ...options, ...(pageGroups ? { only: pageGroups } : {}) });
  if (options.scale) {
    if (options.build && !pages) {
      console.log('Building the server (npm run build -w server)...');
      const { bundleServer } = await import('../server/scripts/bundle.mjs');
      await bundleServer();
    }
    await runScale(options.scale);
  }
  process.exit(0);
} catch (error) {
  console.error(`\nbench failed: ${error?.stack || error}`);
  process.exit(1);
}
