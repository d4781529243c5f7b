/**
 * The bench's machinery: timeouts, the build, a static server in a worker thread, and page loads
 * in headless Chromium, each in a fresh browser context, interleaved round by round so w3kit's
 * page and the floor page see the same machine (issue 11, section 6).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TIMEOUT = 10_000; // every wait on the browser
const BUILD_TIMEOUT = 300_000;

/** Rejects after `ms` unless `promise` settles first. */
export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** `node scripts/build.mjs`, failing after five minutes. */
export function runBuild() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: ROOT });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`build timed out after ${BUILD_TIMEOUT / 1000} s`));
    }, BUILD_TIMEOUT);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`node scripts/build.mjs exited with ${code ?? signal}`));
    });
  });
}

/**
 * startStaticServer() in a worker thread: Playwright's driver runs in this process, and its work
 * during a navigation must not delay the server's responses.
 */
export function startServerInWorker(options) {
  const moduleUrl = pathToFileURL(path.join(ROOT, 'scripts/lib/static-server.mjs')).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     import(workerData.moduleUrl)
       .then(({ startStaticServer }) => startStaticServer(workerData.options))
       .then((server) => {
         parentPort.postMessage({ url: server.url, localUrl: server.localUrl });
         parentPort.on('message', () => server.close().then(() => parentPort.postMessage({ closed: true })));
       })
       .catch((error) => parentPort.postMessage({ error: String(error?.stack || error) }));`,
    { eval: true, workerData: { moduleUrl, options } },
  );
  const started = new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (msg) => (msg.error ? reject(new Error(msg.error)) : resolve(msg)));
  });
  return withTimeout(started, TIMEOUT, 'start server')
    .then(({ url, localUrl }) => ({
      url,
      localUrl,
      async close() {
        const closed = new Promise((resolve) => worker.once('message', resolve));
        worker.postMessage('close');
        await withTimeout(closed, TIMEOUT, 'close server').catch(() => undefined);
        await worker.terminate();
      },
    }))
    .catch(async (error) => {
      await worker.terminate();
      throw error;
    });
}

/**
 * One fresh page load (a new context) of `load.url`: runs `load.measures` in order, each with
 * `{ page, context, cdp, guard, state, click }` (`state` is shared by the measures of this load,
 * `click` is the selector of the page's opening button). Any page error, console error, failed
 * request or HTTP error fails the load at once.
 */
export async function pageRun(browser, load) {
  const context = await withTimeout(browser.newContext({ viewport: { width: 1280, height: 800 } }), TIMEOUT, 'new context');
  const errors = [];
  let fail;
  const failed = new Promise((_, reject) => {
    fail = (message) => {
      errors.push(message);
      const error = new Error(message);
      error.stack = message; // the page's own stack is in the message; ours would be noise
      reject(error);
    };
  });
  failed.catch(() => undefined);
  /** Races a wait against the first page error, so errors fail fast instead of timing out. */
  const guard = (promise, ms = TIMEOUT + 1_000) => Promise.race([withTimeout(promise, ms, 'browser'), failed]);
  try {
    context.setDefaultTimeout(TIMEOUT);
    for (const script of load.initScripts ?? []) await context.addInitScript(script);
    const page = await context.newPage();
    page.on('pageerror', (e) => fail(`page error: ${e.stack || e.message || e}`));
    page.on('console', (msg) => {
      // Chromium fetches /favicon.ico by itself; the bench pages have none.
      if (msg.type() === 'error' && !msg.location()?.url?.endsWith('/favicon.ico'))
        fail(`console error: ${msg.text()}${msg.location()?.url ? ` (${msg.location().url})` : ''}`);
    });
    page.on('requestfailed', (req) => fail(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
    page.on('response', (res) => {
      if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) fail(`HTTP ${res.status()}: ${res.url()}`);
    });
    page.on('crash', () => fail('page crashed'));
    const cdp = await guard(context.newCDPSession(page));
    await guard(page.goto(load.url, { waitUntil: 'load', timeout: TIMEOUT }));

    const values = {};
    const state = {};
    for (const m of load.measures) {
      const value = await guard(Promise.resolve(m.run({ page, context, cdp, guard, state, click: load.click })), m.timeout).catch(
        (error) => {
          const original = error.message;
          error.message = `${load.id} ${m.id}: ${original}`;
          if (typeof error.stack === 'string') error.stack = error.stack.replace(original, error.message);
          throw error;
        },
      );
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${load.id} ${m.id}: not a number: ${value}`);
      values[m.id] = value;
    }
    if (errors.length) throw new Error(errors[0]);
    return { values, state };
  } finally {
    await withTimeout(context.close(), TIMEOUT, 'close context').catch(() => undefined);
  }
}

/** The order of the loads in round `round`: rotated by one each round, so no page always goes first. */
export function roundOrder(loads, round) {
  const k = round % loads.length;
  return [...loads.slice(k), ...loads.slice(0, k)];
}

/**
 * `rounds` rounds of one fresh load of each page in `loads`, interleaved. Resolves to the samples,
 * keyed `loadId.measureId` in round order, and each load's runs (for details such as breakdowns).
 * `onRound(round, runsById)` is called after each round.
 */
export async function interleave(browser, loads, rounds, onRound = () => undefined, runLoad = pageRun) {
  const samples = {};
  const runs = Object.fromEntries(loads.map((l) => [l.id, []]));
  for (let round = 0; round < rounds; round++) {
    const thisRound = {};
    for (const load of roundOrder(loads, round)) {
      const run = await runLoad(browser, load);
      thisRound[load.id] = run;
      runs[load.id].push(run);
    }
    // Recorded after the round, in round order, so sample i of every page comes from round i.
    for (const load of loads)
      for (const [id, value] of Object.entries(thisRound[load.id].values)) (samples[`${load.id}.${id}`] ??= []).push(value);
    onRound(round, thisRound);
  }
  return { samples, runs };
}
