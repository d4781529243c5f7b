#!/usr/bin/env node
/**
 * The visual tests (issue 35, section 3): every gallery state at 1280 and 375, light and dark, in
 * `en` and `ar` (scripts/visual-shots.mjs), each compared with its committed baseline in
 * test/visual/baselines/ (scripts/visual-compare.mjs: pixelmatch, a small tolerance).
 *
 *   node scripts/visual.mjs            builds, shoots, compares; exits 1 on any failure
 *   npm run visual:update              the same shots written as the new baselines; says what changed
 *
 * Options: --no-build (dist is already built: `npm test`), --counts=FILE (writes
 * `{ passed, failed, failures }` for scripts/test.mjs), --states=a,b (only these states; no
 * removed-state check), --concurrency=N (pages at a time, default 2), --url=BASE (a gallery already
 * served there, e.g. by `npm start`, instead of a static server of its own on port 0),
 * --baselines=DIR (default test/visual/baselines), --out=DIR (failed shots, default .cache/visual).
 *
 * A shot fails when it differs from its baseline (its diff, the new shot and the baseline are saved
 * under .cache/visual/, the path printed), when it has no baseline, or when its page never became
 * ready; a baseline whose shot the gallery no longer has (a state removed) fails too. Every
 * failure says to run `npm run visual:update` when the change is meant.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBrowserOrExit } from './lib/browser.mjs';
import { run } from './lib/run.mjs';
import { compareShots, formatShare, saveFailure } from './visual-compare.mjs';
import { startGalleryServer } from './visual-server.mjs';
import { launchBrowser, listStates, shotList, takeShots } from './visual-shots.mjs';

const UPDATE_HINT = 'run `npm run visual:update` if the change is meant';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const update = args.includes('--update');
const only = option('states')?.split(',').filter(Boolean);
const countsFile = option('counts');
const concurrency = Number(option('concurrency') ?? 2);
const BASELINES = option('baselines') ?? 'test/visual/baselines';
const OUT = option('out') ?? '.cache/visual';
const baseUrl = option('url')?.replace(/\/+$/, '');

if (!args.includes('--no-build')) await run('node', ['scripts/build.mjs']);
const executablePath = process.env.CHROME_PATH || (await ensureBrowserOrExit());

const started = Date.now();
const server = baseUrl ? { url: baseUrl, close: async () => {} } : await startGalleryServer();
const browser = await launchBrowser(executablePath);
const baselineFile = (name) => path.join(BASELINES, `${name}.png`);
const failures = [];
const changes = { new: [], changed: [], removed: [], unchanged: 0 };
let passed = 0;
let shotCount = 0;
let shotMs = 0;
let states = [];

try {
  states = await listStates(browser, server.url);
  if (only) {
    const unknown = only.filter((s) => !states.includes(s));
    if (unknown.length > 0) throw new Error(`--states names states the gallery does not have: ${unknown.join(', ')}`);
    states = only;
  }
  const shots = shotList(states);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(BASELINES, { recursive: true });
  console.log(`visual: ${states.length} gallery states, ${shots.length} shots, ${concurrency} at a time (${server.url}/gallery/)`);

  await takeShots(
    browser,
    server.url,
    shots,
    (shot, result) => {
      if (result.errors.length > 0) console.warn(`visual: ${shot.name}: the page logged: ${result.errors.slice(0, 3).join(' | ')}`);
      if (result.error) return void failures.push(`${shot.name}: the gallery page did not render: ${result.error}`);
      shotCount++;
      shotMs += result.ms;
      const file = baselineFile(shot.name);
      const baseline = existsSync(file) ? readFileSync(file) : null;
      const comparison = baseline ? compareShots(baseline, result.png) : null;
      if (update) {
        if (comparison?.match) return void changes.unchanged++;
        // Chromium's own PNG, as taken: smaller than pngjs's at its highest compression (by about 20%).
        writeFileSync(file, result.png);
        if (comparison) changes.changed.push(`${shot.name}: ${describe(comparison)}`);
        else changes.new.push(shot.name);
        return;
      }
      if (!comparison) return void failures.push(`${shot.name}: no baseline (${file}); run \`npm run visual:update\``);
      if (comparison.match) return void passed++;
      const diff = saveFailure(OUT, shot.name, { baselinePng: baseline, actualPng: result.png, diffPng: comparison.diffPng });
      failures.push(`${shot.name}: ${describe(comparison)} differ from the baseline; diff: ${diff}; ${UPDATE_HINT}`);
    },
    { concurrency },
  );

  // Baselines of shots the gallery no longer has (a removed or renamed state).
  if (!only) {
    const expected = new Set(shots.map((s) => `${s.name}.png`));
    for (const file of readdirSync(BASELINES)
      .filter((f) => f.endsWith('.png') && !expected.has(f))
      .sort()) {
      if (update) {
        unlinkSync(path.join(BASELINES, file));
        changes.removed.push(file.slice(0, -4));
      } else failures.push(`${file.slice(0, -4)}: a baseline for a shot the gallery no longer has (state removed?); ${UPDATE_HINT}`);
    }
  }
} catch (error) {
  failures.push(`the visual run stopped: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
} finally {
  await browser.close();
  await server.close();
}

/** '1.2% of the pixels (12,345)' or 'the size (1280×800 → 1280×900)'. */
function describe(comparison) {
  if (comparison.sizeChanged) return 'the size changed; all pixels';
  return `${formatShare(comparison.share)} of the pixels (${comparison.diffPixels.toLocaleString('en')})`;
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const perShot = shotCount ? Math.round(shotMs / shotCount) : 0;
const timing = `${shotCount} shots in ${seconds} s, ${perShot} ms a shot, ${concurrency} at a time`;
if (update) {
  for (const name of changes.new.sort()) console.log(`  new: ${name}`);
  for (const line of changes.changed.sort()) console.log(`  changed: ${line}`);
  for (const name of changes.removed) console.log(`  removed: ${name}`);
  for (const f of failures) console.error(`  failed: ${f}`);
  console.log(
    `visual:update: ${changes.new.length} new, ${changes.changed.length} changed, ${changes.removed.length} removed, ${changes.unchanged} unchanged (${timing}); baselines: ${baselineSize()} in ${BASELINES}`,
  );
} else {
  failures.sort();
  for (const f of failures.slice(0, 40)) console.error(`visual: FAIL ${f}`);
  if (failures.length > 40) console.error(`visual: FAIL ... and ${failures.length - 40} more`);
  console.log(`visual: ${passed} passed, ${failures.length} failed (${timing})`);
}
if (countsFile) {
  mkdirSync(path.dirname(countsFile), { recursive: true });
  // The first 40 failures by name (npm test names them again at its end); the count has them all.
  const named = failures.length > 40 ? [...failures.slice(0, 40), `... and ${failures.length - 40} more`] : failures;
  writeFileSync(countsFile, JSON.stringify({ passed: update ? 0 : passed, failed: failures.length, failures: named }));
}
process.exit(failures.length > 0 ? 1 : 0);

/** The baselines' total size, as '12.3 MB (1,234 files)'. */
function baselineSize() {
  const files = existsSync(BASELINES) ? readdirSync(BASELINES).filter((f) => f.endsWith('.png')) : [];
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(BASELINES, f)).size, 0);
  return `${(bytes / 1e6).toFixed(1)} MB (${files.length.toLocaleString('en')} files)`;
}
