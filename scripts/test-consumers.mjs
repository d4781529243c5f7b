#!/usr/bin/env node
/**
 * The consumer suite (`npm run test:consumers`): w3kit as a dApp gets it. Builds the package,
 * packs it, installs the tarball into the fixture apps of test/consumers/ (one npm workspace, one
 * install, outside the repository so nothing resolves through its node_modules), then for each
 * app type-checks it (skipLibCheck false), builds it and drives it in Chromium against a Hardhat
 * node with the test wallet: Vite + React 19 + wagmi 3, Next.js App Router, Vue 3, a plain page.
 * The wagmi app is installed on its own by the line a dApp developer types (`npm install w3kit wagmi
 * viem @tanstack/react-query`, w3kit from the tarball), imports w3kit/wagmi in Node, and builds the
 * size-budget apps of test/consumers/budgets (harness/budgets.mjs: the README's React and wagmi
 * examples over baseline apps, 40 and 70 KB gzip at most). The wagmi app also gets the dev backend (w3kit-server, seeded) so the modal's Activity can list
 * its ERC-20 transfer: without a Blockchain API URL the modal has no Activity.
 * Prints what each app ships (gzip) and closes with `consumers: N passed, M failed`.
 *
 *   node scripts/test-consumers.mjs [--no-build] [--only=vue,plain] [--counts=file.json]
 *
 * --no-build packs the dist/ already there. W3KIT_CONSUMERS_DIR sets the install folder
 * (default <tmp>/w3kit-consumers-<hash of the checkout's path>, kept between runs so npm reuses
 * it).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleFixtures } from './bundle-fixtures.mjs';
import { startBackend } from './lib/backend.mjs';
import { deployDemoContracts } from './lib/contracts.mjs';
import { startHardhat } from './lib/hardhat.mjs';
import { run } from './lib/run.mjs';
import { launchBrowser } from '../test/consumers/harness/browser.mjs';
import { nextApp } from '../test/consumers/harness/next-app.mjs';
import { createReport } from '../test/consumers/harness/report.mjs';
import { kb } from '../test/consumers/harness/sizes.mjs';
import { plain, viteReactWagmi, vue } from '../test/consumers/harness/static-apps.mjs';
import { APPS, copyFixtures, packAndInstallApps, workDir } from '../test/consumers/harness/workspace.mjs';

const RUNNERS = { 'vite-react-wagmi': viteReactWagmi, 'next-app': nextApp, vue, plain };
const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
for (const name of only ?? []) if (!APPS.includes(name)) throw new Error(`--only: unknown app "${name}" (apps: ${APPS.join(', ')})`);
const apps = APPS.filter((a) => !only || only.includes(a));

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const report = createReport();

if (!args.includes('--no-build')) await run('node', ['scripts/build.mjs']);
if (!existsSync('dist/cdn/w3kit.js')) throw new Error('dist/ is not built: run `npm run build` or drop --no-build');

const dir = workDir();
console.log(`consumers: installing the packed w3kit into ${dir}`);
copyFixtures(dir);
const [installed, chain, chainB, browser] = await Promise.all([
  report.check(
    'the packed tarball installs into the fixture workspace, and into the wagmi app by `npm install w3kit wagmi viem @tanstack/react-query`',
    () => packAndInstallApps(dir),
  ),
  startHardhat({ chainId: 31337 }),
  // The wagmi app's second network, for useSwitchChain.
  startHardhat({ chainId: 31338 }),
  launchBrowser(),
  bundleFixtures(),
]);
let exitCode = 1;
let backend;
const dataDir = mkdtempSync(path.join(tmpdir(), 'w3kit-consumers-data-'));
try {
  const { dusd } = await deployDemoContracts(chain.url);
  const env = { rpcUrl: chain.url, rpcUrlB: chainB.url, token: dusd };
  // The wagmi app's modal shows Activity from the backend's Blockchain API, which indexes the chain.
  if (apps.includes('vite-react-wagmi')) {
    backend = await startBackend({ port: 0, dataDir, evmRpc: chain.url });
    Object.assign(env, { blockchainApiUrl: backend.url, projectId: 'w3kit-dev' });
  }
  const ctx = { dir, browser, report, env };
  console.log(
    `consumers: installed (${elapsed()}); Hardhat at ${chain.url}, DUSD at ${dusd}${backend ? `, backend at ${backend.url}` : ''}`,
  );
  for (const app of apps) {
    if (!installed) {
      report.skip(app, 'the install failed');
      continue;
    }
    console.log(`\n${app} (${elapsed()})`);
    const result = await RUNNERS[app](ctx);
    if (typeof result === 'string') console.log(`  integrity of dist/cdn/w3kit.js: ${result}`);
  }
  console.log('\nwhat each app ships (JS, gzip level 9):');
  for (const app of apps) {
    const s = report.sizes.get(app) ?? {};
    const first = s.firstLoad ? `first load ${kb(s.firstLoad.gzip)} (${s.firstLoad.files} files)` : 'first load not measured';
    const total = s.total ? `total ${kb(s.total.gzip)} (${s.total.files} files)` : 'total not measured';
    console.log(`  ${app.padEnd(17)} ${first}, ${total}`);
  }
  exitCode = report.failed() === 0 ? 0 : 1;
} finally {
  await browser.close().catch(() => undefined);
  await backend?.close();
  await Promise.all([chain.stop(), chainB.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nconsumers: took ${elapsed()}`);
console.log(`consumers: ${report.passed()} passed, ${report.failed()} failed`);
// `npm test` reads the counts for its closing line.
const countsFile = args.find((a) => a.startsWith('--counts='))?.slice('--counts='.length);
if (countsFile)
  writeFileSync(countsFile, JSON.stringify({ passed: report.passed(), failed: report.failed(), failures: report.failures() }));
process.exit(exitCode);
