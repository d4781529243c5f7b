#!/usr/bin/env node
/**
 * `npm test`: installs if needed, finds or installs a browser (scripts/lib/browser.mjs), builds,
 * then runs every suite: vitest (core, stores, server) and @web/test-runner in Chromium (elements,
 * React wrappers, the CDN bundle). Prints each runner's summary and a closing line
 * "w3kit: N passed, M failed".
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ensureBrowserOrExit } from './lib/browser.mjs';
import { ensureInstalled, run } from './lib/run.mjs';

await ensureInstalled();
// Found or installed once here; every runner and worker below gets it as CHROME_PATH.
process.env.CHROME_PATH = await ensureBrowserOrExit();
rmSync('.cache/vitest.json', { force: true });
rmSync('.cache/wtr-counts.json', { force: true });

const results = [];
async function suite(name, cmd, args, countsFile, readCounts) {
  let ok = true;
  try {
    await run(cmd, args);
  } catch (err) {
    ok = false;
    console.error(`${name}: ${err.message}`);
  }
  const counts = existsSync(countsFile) ? readCounts(JSON.parse(readFileSync(countsFile, 'utf8'))) : { passed: 0, failed: 0 };
  if (!ok && counts.failed === 0) counts.failed = 1; // the runner itself failed
  results.push({ name, ...counts });
}

await run('node', ['scripts/build.mjs']);
await suite(
  'unit (vitest)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.cache/vitest.json'],
  '.cache/vitest.json',
  (j) => ({
    passed: j.numPassedTests,
    failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0),
  }),
);
if (existsSync('scripts/bundle-react-test.mjs')) await run('node', ['scripts/bundle-react-test.mjs']);
await suite('browser (web-test-runner, Chromium)', 'npx', ['web-test-runner'], '.cache/wtr-counts.json', (j) => ({
  passed: j.passed,
  failed: j.failed,
}));

console.log('\nSummary');
let passed = 0;
let failed = 0;
for (const r of results) {
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed`);
  passed += r.passed;
  failed += r.failed;
}
console.log(`w3kit: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
