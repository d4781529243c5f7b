/**
 * `npm run bench` end to end: build, sizes, install footprint, then rounds of fresh page loads in
 * headless Chromium (loads.mjs: w3kit's pages interleaved with the floor page, and an empty page
 * for the heap; the connect pages over a Hardhat node and the local SVM, `w3kit-server svm`, which
 * needs the server bundle the build makes; the swap page over the same node with the demo tokens
 * and the local DEX, `w3kit-server dex deploy`, served by the backend), then the table and
 * dist/bench.json. It is a report, not a test: figures over target still resolve; only a failed
 * measurement rejects.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBrowser } from '../lib/browser.mjs';
import { CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { startHardhat } from '../lib/hardhat.mjs';
import { startSvm } from '../lib/svm.mjs';
import { startBackend } from '../lib/backend.mjs';
import { bundleFixtures, SOLANA_TEST_WALLET_BUNDLE } from '../bundle-fixtures.mjs';
import { FIGURES } from './figures.mjs';
import { interleave, ROOT, runBuild, startServerInWorker, TIMEOUT, withTimeout } from './harness.mjs';
import { buildFloor } from './floor/build-floor.mjs';
import { roundGroups } from './loads.mjs';
import { connectPage, embeddedPage, EMPTY_PAGE, FLOOR_PAGE, registryPage, solanaConnectPage, swapPage, W3KIT_PAGE } from './pages.mjs';
import { deployDemoContracts } from '../lib/contracts.mjs';
import { deployDex } from '../lib/dex.mjs';
import { fmt, report, writeJson } from './report.mjs';
import { measureSizes, sizeLines } from './measures/sizes.mjs';
import { measureInstall, measureInstallLines } from './measures/install.mjs';
import { integrationLines, measureIntegrations } from './measures/integrations.mjs';

const OUT = 'dist/bench.json';

/** One line per round: every load's values. */
function roundLine(round, byId) {
  const loads = Object.entries(byId).map(
    ([id, run]) =>
      `${id} ${Object.entries(run.values)
        .map(([m, v]) => `${m} ${fmt(v)}`)
        .join(', ')}`,
  );
  const scroll = byId.registry?.state.scroll;
  const extra = scroll
    ? `\n    scrolled ${scroll.wallets} wallets in ${scroll.gestures} wheel gestures, ${fmt(scroll.ms, 0)} ms; longest task ${fmt(scroll.longest, 0)} ms`
    : '';
  return `  round ${round + 1}: ${loads.join(' | ')}${extra}`;
}

/** The static figures: CDN sizes, the floor's size, the install footprint. */
async function measureStatic(cdnDir, floorDir, log, withInstall = true) {
  const sizes = measureSizes(cdnDir);
  log('\nCDN sizes (gzip level 9)');
  for (const line of sizeLines(sizes)) log(line);
  const integrations = await measureIntegrations(path.join(ROOT, 'dist'));
  log('\nIntegration entries (plain esbuild, minified, gzip level 9)');
  for (const line of integrationLines(integrations)) log(line);
  const floorChunks = await buildFloor(floorDir);
  const floorGzip = Object.values(floorChunks).reduce((sum, c) => sum + c.gzip, 0);
  log(`  floor page: ${fmt(floorGzip / 1024)} KB gzip (one Lit element, built with the same rollup plugins)`);
  log('\nInstall footprint (client package from its packed tarball, into an empty folder, --omit=dev)');
  const install = withInstall
    ? await measureInstall({ root: ROOT }).catch((error) => ({ available: false, reason: error?.message ?? String(error) }))
    : { available: false, reason: 'skipped (--only)' };
  log(install.available ? `  ${install.packages} packages, ${fmt(install.installMB)} MB on disk` : `  unavailable: ${install.reason}`);
  log('\nInstall per chain (the line a dApp types, w3kit from the tarball, --omit=dev --ignore-scripts)');
  const perChain = withInstall
    ? await measureInstallLines({ root: ROOT }).catch((error) => ({ available: false, reason: error?.message ?? String(error) }))
    : { available: false, reason: 'skipped (--only)' };
  if (!perChain.available) log(`  unavailable: ${perChain.reason}`);
  for (const l of perChain.lines ?? []) log(`  npm install ${l.label.padEnd(40)} ${l.packages} packages, ${fmt(l.installMB)} MB on disk`);
  install.lines = perChain.lines;
  const samples = Object.fromEntries(Object.entries({ ...sizes.values, ...integrations.values }).map(([id, v]) => [`static.${id}`, [v]]));
  if (install.available) Object.assign(samples, { 'static.installPackages': [install.packages], 'static.installMB': [install.installMB] });
  return { samples, sizes: { ...sizes.json, floor: floorChunks, integrations: integrations.json }, install };
}

/** Starts the chain, the backend, the page server and the browser; each pushes its stop onto `cleanups`. */
async function startCounterparts(pageDir, cdnDir, cleanups, log) {
  for (const [file, html] of [
    ['index.html', W3KIT_PAGE],
    ['floor.html', FLOOR_PAGE],
    ['empty.html', EMPTY_PAGE],
  ])
    writeFileSync(path.join(pageDir, file), html);
  log('\nStarting a Hardhat node, the local SVM and the backend (1,000 wallets, frame site, SMTP sink), bundling the test wallets...');
  /** Resolves to what `promise` started, its stop pushed onto `cleanups` as soon as it is up. */
  const started = (promise, stop) => promise.then((it) => (cleanups.push(() => stop(it)), it));
  const [chain, svm] = await Promise.all([
    started(withTimeout(startHardhat(), 90_000, 'start Hardhat'), (c) => withTimeout(c.stop(), TIMEOUT, 'stop Hardhat')),
    started(withTimeout(startSvm({ port: 0 }), 60_000, 'start w3kit-server svm'), (s) => withTimeout(s.close(), TIMEOUT, 'stop the SVM')),
  ]);
  const walletBundle = await bundleFixtures();
  writeFileSync(path.join(pageDir, 'connect.html'), connectPage(chain.url));
  writeFileSync(path.join(pageDir, 'connect-solana.html'), solanaConnectPage(svm.url, svm.wsUrl));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // The swap page: the demo tokens and the local DEX on the node, recorded for the backend, which reads the node.
  const demo = await withTimeout(deployDemoContracts(chain.url), 60_000, 'deploy the demo contracts');
  await withTimeout(deployDex(chain.url, { dataDir, tokens: [demo.dusd, demo.dusdt] }), 60_000, 'w3kit-server dex deploy');
  // Every round scrolls through 1,000 wallets and their images: more than the default per-IP limit per minute;
  // every embedded round logs a new address in from one IP. The frame site and the SMTP sink serve the embedded page.
  const env = {
    W3KIT_RATE_LIMIT_MAX: '1000000',
    W3KIT_AUTH_STARTS_PER_IP: '100000',
    W3KIT_AUTH_VERIFIES_PER_IP: '100000',
    W3KIT_KEK: randomBytes(32).toString('base64'),
  };
  const backend = await withTimeout(
    startBackend({ port: 0, dataDir, framePort: 0, smtpSink: 0, oidcPort: 0, evmRpc: chain.url, env }),
    60_000,
    'start w3kit-server',
  );
  cleanups.push(() => withTimeout(backend.close(), TIMEOUT, 'stop w3kit-server'));
  writeFileSync(path.join(pageDir, 'registry.html'), registryPage(backend.url, backend.relayUrl));
  writeFileSync(path.join(pageDir, 'embedded.html'), embeddedPage(chain.url, backend.frameUrl));
  writeFileSync(path.join(pageDir, 'swap.html'), swapPage(chain.url, backend.url));
  const server = await startServerInWorker({ root: ROOT, routes: { '/cdn/': cdnDir, '/': pageDir } });
  cleanups.push(() => server.close());
  const executablePath = await ensureBrowser({ quiet: true });
  const args = [...CHROMIUM_ARGS, '--enable-precise-memory-info'];
  const browser = await chromium.launch({ executablePath, args, timeout: TIMEOUT });
  cleanups.push(() => withTimeout(browser.close(), TIMEOUT, 'close browser'));
  const url = (file) => `${server.url}/${file}`;
  const localUrl = (file) => `${server.localUrl}/${file}`;
  const { mailUrl } = backend;
  return {
    browser,
    url,
    localUrl,
    chainUrl: chain.url,
    walletBundle,
    svmUrl: svm.url,
    solanaWalletBundle: SOLANA_TEST_WALLET_BUNDLE,
    mailUrl,
  };
}

export async function runBench({ build, runs, cdnDir, only }, log = console.log) {
  if (build) {
    log('Building (node scripts/build.mjs)...');
    await runBuild();
  }
  const pageDir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-'));
  const cleanups = [() => rmSync(pageDir, { recursive: true, force: true })];
  try {
    const statics = await measureStatic(cdnDir, path.join(pageDir, 'floor'), log, !only);
    const samples = { ...statics.samples };
    const { browser, ...counterparts } = await startCounterparts(pageDir, cdnDir, cleanups, log);
    const browserVersion = `Chromium ${browser.version()}`;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    log(`\nBrowser: ${browserVersion}; ${runs} rounds, each page in a fresh context, interleaved (order rotates each round)`);
    log(`  machine: ${cpus().length} CPUs, load average ${load}`);
    const runsByLoad = {};
    const groups = roundGroups(counterparts).filter((g) => !only || only.includes(g.name));
    if (only && groups.length !== only.length) throw new Error(`bench: --only names unknown groups: ${only.join(', ')}`);
    for (const group of groups) {
      const result = await interleave(browser, group.loads, runs, (round, byId) => log(roundLine(round, byId)));
      Object.assign(samples, result.samples);
      Object.assign(runsByLoad, result.runs);
    }

    log(`\nSummary (${runs} rounds; medians [min–max]; w3kit vs floor is w3kit / floor, or w3kit − empty page, round by round)`);
    const results = report(FIGURES, samples, log);
    const states = (id, key) => runsByLoad[id]?.map((r) => r.state[key]);
    const details = {
      breakdown: { w3kit: states('w3kit', 'breakdown'), floor: states('floor', 'breakdown') },
      clickToDialogFound: { w3kit: states('w3kit', 'clickToDialogFound'), floor: states('floor', 'clickToDialogFound') },
      scroll: states('registry', 'scroll'),
      localeSwitches: states('locale', 'localeSwitches'),
    };
    const machine = { cpus: cpus().length, loadavg: loadavg() };
    writeJson(OUT, {
      runs,
      cdn: cdnDir,
      browser: browserVersion,
      machine,
      sizes: statics.sizes,
      install: statics.install,
      results,
      details,
    });
    log(`\nWrote ${OUT}`);
    return results;
  } finally {
    for (const cleanup of cleanups.reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch(() => undefined);
  }
}
