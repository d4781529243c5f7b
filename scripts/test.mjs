#!/usr/bin/env node
/**
 * `npm test`: installs if needed, finds or installs a browser (scripts/lib/browser.mjs), builds,
 * then runs every suite: vitest (core, stores, server), the route-level server suites again on a
 * real Postgres and the relay's and rate limits' with a real Redis (vitest.engines.config.ts),
 * @web/test-runner in Chromium (elements,
 * React wrappers, the CDN bundle), the visual tests (scripts/visual.mjs: the gallery's states against
 * test/visual/baselines) and the consumer suite (the packed package in real apps,
 * scripts/test-consumers.mjs). Prints each runner's summary and a closing line
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
rmSync('.cache/vitest-engines.json', { force: true });

const results = [];

/** The first line with text (an assertion's message may start with a blank line). */
const firstLine = (text) => (text ?? '').split('\n').find((line) => line.trim()) ?? '';
/** vitest reports a test or hook that ran past its time limit with the stack of an error it names STACK_TRACE_ERROR. */
const failureLine = (text) => {
  const line = firstLine(text);
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out (the test or one of its hooks ran past its time limit)' : line;
};

/** Each failed test (or file that failed to run) in vitest's JSON report, with its first error line. */
function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const rel = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) out.push(`${rel}: ${t.fullName}: ${failureLine(t.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed') out.push(`${rel}: ${firstLine(file.message)}`);
  }
  return out;
}
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
  results.push({ name, failures: [], ...counts });
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
    failures: vitestFailures(j),
  }),
);
// The same route-level suites with the server on a real Postgres (and a real Redis for the relay and rate limits).
await suite(
  'server on Postgres, relay and rate limits also with Redis (vitest.engines.config.ts)',
  'npx',
  [
    'vitest',
    'run',
    '-c',
    'vitest.engines.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=.cache/vitest-engines.json',
  ],
  '.cache/vitest-engines.json',
  (j) => ({
    passed: j.numPassedTests,
    failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0),
    failures: vitestFailures(j),
  }),
);
if (existsSync('scripts/bundle-react-test.mjs')) await run('node', ['scripts/bundle-react-test.mjs']);
await suite('browser (web-test-runner, Chromium)', 'npx', ['web-test-runner'], '.cache/wtr-counts.json', (j) => ({
  passed: j.passed,
  failed: j.failed,
  failures: j.failures ?? [],
}));

// Every gallery state at 1280 and 375, light and dark, en and ar, against test/visual/baselines (scripts/visual.mjs).
rmSync('.cache/visual-counts.json', { force: true });
await suite(
  'visual (gallery states vs test/visual/baselines; update: npm run visual:update)',
  'node',
  ['scripts/visual.mjs', '--no-build', '--counts=.cache/visual-counts.json'],
  '.cache/visual-counts.json',
  (j) => ({ passed: j.passed, failed: j.failed, failures: j.failures ?? [] }),
);

// The packed package installed into real apps (test/consumers), against the dist/ built above.
rmSync('.cache/consumers-counts.json', { force: true });
await suite(
  'consumers (packed w3kit in Vite+React+wagmi, Next, Vue, plain apps)',
  'node',
  ['scripts/test-consumers.mjs', '--no-build', '--counts=.cache/consumers-counts.json'],
  '.cache/consumers-counts.json',
  (j) => ({ passed: j.passed, failed: j.failed, failures: j.failures ?? [] }),
);

console.log('\nSummary');
let passed = 0;
let failed = 0;
for (const r of results) {
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed`);
  passed += r.passed;
  failed += r.failed;
  // Named again here, so that the tail of a long log says what failed.
  for (const f of r.failures) console.log(`    failed: ${f.slice(0, 400)}`);
}
console.log(`w3kit: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
