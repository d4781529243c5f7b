#!/usr/bin/env node
/**
 * `npm run bench`: builds (unless --no-build), then reports the CDN bundle sizes and, over fresh
 * page loads in headless Chromium, how fast <w3-button> becomes usable, how fast a click paints
 * the modal and how much JS heap the open modal holds; the connect round trip; and All Wallets
 * with 1,000 wallets (open to the first row, long tasks scrolling to the end, keystroke to results);
 * WalletConnect (click to the QR code painted, and the size of its lazy chunk). Prints figures
 * against budgets and the Reown AppKit anchor, and writes everything to dist/bench.json.
 *
 * It is a report, not a test: it exits 0 when figures are over budget, and 1 only when the
 * measurement itself fails (build failure, page error, console error, failed request, timeout).
 *
 * Options: --no-build   skip `node scripts/build.mjs`
 *          --runs=N     page loads per figure (default 7)
 *          --cdn=DIR    bench the CDN build in DIR (default dist/cdn; implies nothing about --no-build)
 *
 * Adding a measure: append an entry to MEASURES. `kind: 'static'` measures run once with
 * `{ sizes }`; `kind: 'page'` measures run in array order on every fresh page load with
 * `{ page, context, cdp, guard, state }` (`state` is shared by the measures of one load) and
 * return a number in `unit`. `kind: 'connect'` measures run the same way on a page with the test
 * wallet and a Hardhat node, `kind: 'registry'` ones on a page using the backend (the built
 * w3kit-server bin, seeded with 1,000 wallets), `kind: 'walletconnect'` ones on a fresh load of
 * that page, which also sets the bin's relay as relayUrl. A measure may set `timeout` (ms) when it needs
 * longer than the default wait. The summary, table and JSON pick new measures up by themselves.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { chromium } from 'playwright-core';
import { cdnSizes } from './lib/sizes.mjs';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { ensureBrowserOrExit } from './lib/browser.mjs';
import { startHardhat } from './lib/hardhat.mjs';
import { startBackend } from './lib/backend.mjs';
import { bundleFixtures } from './bundle-fixtures.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const args = process.argv.slice(2);
const BUILD = !args.includes('--no-build');
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 7);
const CDN_DIR = args.find((a) => a.startsWith('--cdn='))?.slice('--cdn='.length) ?? 'dist/cdn';
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('bench: --runs=N needs a positive integer');
  process.exit(1);
}
const TIMEOUT = 10_000; // every wait on the browser
const BUILD_TIMEOUT = 300_000;
const CHROMIUM = await ensureBrowserOrExit();
const BENCH_ARGS = [...CHROMIUM_ARGS, '--enable-precise-memory-info'];
const OUT = 'dist/bench.json';
const KB = 1024;
const MB = 1024 * 1024;

const BENCH_PAGE = `<!doctype html>
<script type="module" src="/cdn/w3kit.js"></script>
<w3-modal networks="eip155:31337,eip155:1"></w3-modal>
<w3-button></w3-button>
`;
/** The connect page: createW3Modal with the local chain; the test wallet is injected before it loads. */
const connectPage = (rpcUrl) => `<!doctype html>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  createW3Modal({ networks: [{ ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(rpcUrl)}] } } }] });
</script>
<w3-button></w3-button>
`;
/** The registry page: createW3Modal with the local backend (seeded with 1,000 wallets). */
const registryPage = (apiUrl, relayUrl) => `<!doctype html>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  createW3Modal({ networks: [networks.localhost], apiUrl: ${JSON.stringify(apiUrl)}, relayUrl: ${JSON.stringify(relayUrl)}, projectId: 'w3kit-dev' });
</script>
<w3-button></w3-button>
`;
/** Same steps on a page without w3kit: what Chromium and Playwright's injected script hold by themselves. */
const EMPTY_PAGE = `<!doctype html>
<button>Connect Wallet</button>
`;

/**
 * Runs in the page before any of its scripts. Records:
 * - window.__benchButtonUsable: performance.now() when <w3-button>'s inner <button> exists, is
 *   enabled and has a size (checked on every DOM mutation, in light DOM and every shadow root,
 *   and on every animation frame);
 * - window.__benchClickTimeStamp: event.timeStamp of the first click (capturing, on document);
 * - window.__benchModalPainted: performance.now() in the animation frame after the modal's
 *   [role=dialog] first exists with a size (checked the same way, starting at the click).
 */
const INIT_SCRIPT = `(() => {
  const sized = (el) => { if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const buttonUsable = () => {
    const b = document.querySelector('w3-button')?.shadowRoot?.querySelector('w3-connect-button')?.shadowRoot?.querySelector('button');
    return !!b && !b.disabled && sized(b);
  };
  const dialogShown = () => sized(document.querySelector('w3-modal')?.shadowRoot?.querySelector('[role=dialog]'));

  // Run check() on every mutation anywhere (light DOM and shadow roots) and every frame until it passes.
  const watchers = new Set();
  const roots = [document];
  const origAttachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (...a) {
    const root = origAttachShadow.apply(this, a);
    roots.push(root);
    for (const w of watchers) w.observe(root);
    return root;
  };
  const OPTS = { childList: true, subtree: true, attributes: true, characterData: true };
  function watch(check, done) {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      watchers.delete(w);
      mo.disconnect();
      done(performance.now());
    };
    const tick = () => { if (!finished && check()) finish(); };
    const mo = new MutationObserver(tick);
    const w = { observe: (root) => mo.observe(root, OPTS) };
    watchers.add(w);
    for (const root of roots) w.observe(root);
    const frame = () => { tick(); if (!finished) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    queueMicrotask(tick);
  }

  window.__benchButtonUsable = undefined;
  customElements.whenDefined('w3-button').then(() => { window.__benchDefined = performance.now(); });
  watch(buttonUsable, (t) => { window.__benchButtonUsable = t; });

  window.__benchClickTimeStamp = undefined;
  window.__benchModalPainted = undefined;
  document.addEventListener('click', (event) => {
    if (window.__benchClickTimeStamp !== undefined) return;
    window.__benchClickTimeStamp = event.timeStamp;
    window.__benchClickDispatched = performance.now();
    watch(dialogShown, (found) => {
      window.__benchModalFound = found;
      requestAnimationFrame(() => { window.__benchModalPainted = performance.now(); });
    });
  }, true);
})();`;

/** @type {Array<{ id: string, label: string, unit: string, digits: number, budget?: number, aim?: number, anchor?: { name: string, value: number, ratio: string }, kind: 'static' | 'page' | 'connect' | 'registry' | 'walletconnect', timeout?: number, run: Function }>} */
const MEASURES = [
  {
    id: 'firstChunkGzip',
    label: 'CDN first chunk',
    unit: 'KB gzip',
    digits: 1,
    budget: 50,
    aim: 35,
    anchor: { name: 'AppKit CDN', value: 840, ratio: 'smaller' },
    kind: 'static',
    run: ({ sizes }) => sizes.firstGzip / KB,
  },
  {
    id: 'walletConnectChunkGzip',
    label: 'WalletConnect lazy chunk (sign-client)',
    unit: 'KB gzip',
    digits: 1,
    kind: 'static',
    /** The walletconnect-session chunk, loaded on the first WalletConnect pairing or restore only. */
    run: ({ sizes }) => {
      const chunk = sizes.lazy.find((c) => /(^|\/)walletconnect-session-/.test(c.file));
      if (!chunk) throw new Error('no walletconnect-session chunk in dist/cdn/manifest.json');
      return chunk.gzip / KB;
    },
  },
  {
    id: 'buttonUsable',
    label: 'button usable',
    unit: 'ms',
    digits: 1,
    budget: 100,
    anchor: { name: 'AppKit', value: 885, ratio: 'faster' },
    kind: 'page',
    async run({ page, guard, state }) {
      await guard(page.waitForFunction(() => window.__benchButtonUsable !== undefined, null, { timeout: TIMEOUT, polling: 50 }));
      // Where the time went: HTML received, CDN scripts received, elements defined.
      const t = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const cdn = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/cdn/'));
        return {
          usable: window.__benchButtonUsable,
          html: nav?.responseEnd,
          scripts: cdn.length ? Math.max(...cdn.map((e) => e.responseEnd)) : undefined,
          defined: window.__benchDefined,
        };
      });
      state.breakdown = t;
      return t.usable;
    },
  },
  {
    id: 'clickToModalPainted',
    label: 'click to modal painted',
    unit: 'ms',
    digits: 1,
    budget: 16,
    kind: 'page',
    async run({ page, guard, state }) {
      await guard(page.locator('w3-button w3-connect-button button').click({ timeout: TIMEOUT }));
      await guard(page.waitForFunction(() => window.__benchModalPainted !== undefined, null, { timeout: TIMEOUT, polling: 50 }));
      const { click, dispatched, found, painted } = await page.evaluate(() => ({
        click: window.__benchClickTimeStamp,
        dispatched: window.__benchClickDispatched,
        found: window.__benchModalFound,
        painted: window.__benchModalPainted,
      }));
      if (typeof click !== 'number') throw new Error('the click listener saw no click');
      state.clickToDialogFound = found - click;
      state.clickDispatchDelay = dispatched - click;
      return painted - click;
    },
  },
  {
    id: 'heapAfterOpen',
    label: 'JS heap after opening',
    unit: 'MB',
    digits: 2,
    budget: 3,
    kind: 'page',
    async run({ page, cdp, guard }) {
      await guard(
        page.waitForFunction(
          () => {
            const m = document.querySelector('w3-modal');
            return !!m && m.hasAttribute('open') && m.getAttribute('view') === 'Connect';
          },
          null,
          { timeout: TIMEOUT, polling: 50 },
        ),
      );
      // Let the open modal settle: pending Lit updates and two frames.
      await guard(
        page.evaluate(async () => {
          await document.querySelector('w3-modal').updateComplete;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }),
      );
      await guard(cdp.send('HeapProfiler.collectGarbage'));
      const { usedSize } = await guard(cdp.send('Runtime.getHeapUsage'));
      return usedSize / MB;
    },
  },
  {
    id: 'connectRoundTrip',
    label: 'connect round trip',
    unit: 'ms',
    digits: 1,
    kind: 'connect',
    /** Click on the test wallet in Connect to the Account view shown (first connect: includes loading the eip155 chunk). */
    async run({ page, guard }) {
      await guard(page.locator('w3-button w3-connect-button button').click({ timeout: TIMEOUT }));
      await guard(
        page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Connect', null, { timeout: TIMEOUT }),
      );
      await guard(
        page.evaluate(() => {
          window.__benchWalletClick = undefined;
          window.__benchAccountShown = undefined;
          document.addEventListener('click', (e) => (window.__benchWalletClick ??= e.timeStamp), { capture: true, once: true });
          const shown = () => {
            const modal = document.querySelector('w3-modal');
            const view = modal?.shadowRoot?.querySelector('w3-account-view');
            return modal?.getAttribute('view') === 'Account' && !!view?.shadowRoot?.querySelector('.address');
          };
          const frame = () => {
            if (shown()) requestAnimationFrame(() => (window.__benchAccountShown = performance.now()));
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
      );
      await guard(page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' }).click({ timeout: TIMEOUT }));
      await guard(page.waitForFunction(() => window.__benchAccountShown !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
      return page.evaluate(() => window.__benchAccountShown - window.__benchWalletClick);
    },
  },
  {
    id: 'allWalletsFirstRow',
    label: 'All Wallets: open to first row painted',
    unit: 'ms',
    digits: 1,
    budget: 50,
    kind: 'registry',
    /** Click on the All Wallets row (its timeStamp) to the frame after the first tile has a size (1,000 wallets). */
    async run({ page, guard }) {
      await guard(page.locator('w3-button w3-connect-button button').click({ timeout: TIMEOUT }));
      const row = page.locator('w3-connect-view').getByRole('button', { name: /All Wallets/ });
      await guard(row.waitFor({ timeout: TIMEOUT }));
      await guard(
        page.evaluate(() => {
          window.__benchRowClick = undefined;
          window.__benchFirstTile = undefined;
          document.addEventListener('click', (e) => (window.__benchRowClick ??= e.timeStamp), { capture: true, once: true });
          const tile = () => {
            const view = document.querySelector('w3-modal')?.shadowRoot?.querySelector('w3-all-wallets-view');
            const t = view?.shadowRoot?.querySelector('.tile');
            const r = t?.getBoundingClientRect();
            return !!r && r.width > 0 && r.height > 0;
          };
          const frame = () => {
            if (tile()) requestAnimationFrame(() => (window.__benchFirstTile = performance.now()));
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
      );
      await guard(row.click({ timeout: TIMEOUT }));
      await guard(page.waitForFunction(() => window.__benchFirstTile !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
      return page.evaluate(() => window.__benchFirstTile - window.__benchRowClick);
    },
  },
  {
    id: 'allWalletsScrollLongTasks',
    label: 'All Wallets: long tasks scrolling to the end',
    unit: 'tasks over 50 ms',
    digits: 0,
    budget: 0,
    kind: 'registry',
    timeout: 70_000,
    /** Scrolls the grid a screen per frame to the last of 1,000 wallets; counts tasks over 50 ms on the way. */
    async run({ page, guard, state }) {
      await guard(
        page.evaluate(() => {
          window.__benchLongTasks = [];
          window.__benchLongTaskObserver = new PerformanceObserver((list) => {
            for (const e of list.getEntries()) window.__benchLongTasks.push(e.duration);
          });
          window.__benchLongTaskObserver.observe({ type: 'longtask' });
          window.__benchScrollStart = performance.now();
        }),
      );
      // Scroll in slices of about a second, so no single wait on the browser runs long.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const atEnd = await guard(
          page.evaluate(async () => {
            const view = document.querySelector('w3-modal').shadowRoot.querySelector('w3-all-wallets-view');
            const grid = view.shadowRoot.querySelector('.grid');
            const until = performance.now() + 1000;
            while (performance.now() < until) {
              grid.scrollTop += grid.clientHeight;
              await new Promise((r) => requestAnimationFrame(r));
              // data-loaded / data-total: registry wallets loaded so far, and how many there are.
              const { loaded, total } = view.dataset;
              if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 2 && Number(total) > 0 && Number(loaded) >= Number(total))
                return true;
            }
            return false;
          }),
        );
        if (atEnd) break;
        if (Date.now() > deadline) throw new Error('did not reach the end of the wallet list in 60 s');
      }
      const result = await guard(
        page.evaluate(async () => {
          await new Promise((r) => requestAnimationFrame(r));
          window.__benchLongTaskObserver.disconnect();
          const tasks = window.__benchLongTasks;
          const view = document.querySelector('w3-modal').shadowRoot.querySelector('w3-all-wallets-view');
          return {
            count: tasks.length,
            longest: tasks.length ? Math.max(...tasks) : 0,
            ms: performance.now() - window.__benchScrollStart,
            wallets: Number(view.dataset.total),
          };
        }),
      );
      state.scroll = result;
      return result.count;
    },
  },
  {
    id: 'searchKeystrokeToResults',
    label: 'All Wallets: keystroke to search results shown',
    unit: 'ms',
    digits: 1,
    kind: 'registry',
    /** From the last keystroke's timeStamp to the frame after the results show (the spec waits at least 300 ms). */
    async run({ page, guard }) {
      const input = page.locator('w3-all-wallets-view').getByRole('searchbox', { name: 'Search wallet' });
      await guard(input.click({ timeout: TIMEOUT }));
      await guard(
        page.evaluate(() => {
          window.__benchKey = undefined;
          window.__benchResults = undefined;
          document.addEventListener('keydown', (e) => (window.__benchKey = e.timeStamp), { capture: true });
          const view = document.querySelector('w3-modal').shadowRoot.querySelector('w3-all-wallets-view');
          const frame = () => {
            const status = view.shadowRoot.querySelector('.status')?.textContent ?? '';
            if (/found/.test(status)) requestAnimationFrame(() => (window.__benchResults = performance.now()));
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
      );
      await guard(input.pressSequentially('meta', { delay: 40, timeout: TIMEOUT }));
      await guard(page.waitForFunction(() => window.__benchResults !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
      return page.evaluate(() => window.__benchResults - window.__benchKey);
    },
  },
  {
    id: 'walletConnectClickToQr',
    label: 'WalletConnect: click to QR code painted',
    unit: 'ms',
    digits: 1,
    kind: 'walletconnect',
    /**
     * Click on the Connect view's WalletConnect row (its timeStamp) to the frame after the QR code's
     * SVG shows: the view chunk, the sign-client chunk, the client's start, the relay socket, the
     * proposal published over our relay, and the QR drawn.
     */
    async run({ page, guard }) {
      await guard(page.locator('w3-button w3-connect-button button').click({ timeout: TIMEOUT }));
      const row = page.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' });
      await guard(row.waitFor({ timeout: TIMEOUT }));
      await guard(
        page.evaluate(() => {
          window.__benchRowClick = undefined;
          window.__benchQr = undefined;
          document.addEventListener('click', (e) => (window.__benchRowClick ??= e.timeStamp), { capture: true, once: true });
          const drawn = () => {
            const view = document.querySelector('w3-modal')?.shadowRoot?.querySelector('w3-connecting-wallet-connect-view');
            const qr = view?.shadowRoot?.querySelector('w3-qr-code');
            return Boolean(qr?.getAttribute('uri')?.startsWith('wc:') && qr.shadowRoot?.querySelector('svg path'));
          };
          const frame = () => {
            if (drawn()) requestAnimationFrame(() => (window.__benchQr = performance.now()));
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
      );
      await guard(row.click({ timeout: TIMEOUT }));
      await guard(page.waitForFunction(() => window.__benchQr !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
      return page.evaluate(() => window.__benchQr - window.__benchRowClick);
    },
  },
];

// ---------------------------------------------------------------------------------------------

const log = (...a) => console.log(...a);
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

/** Rejects after `ms` unless `promise` settles first. */
function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * startStaticServer() in a worker thread: Playwright's driver runs in this process, and its work
 * during a navigation must not delay the server's responses.
 */
function startServerInWorker(options) {
  const moduleUrl = pathToFileURL(path.join(ROOT, 'scripts/lib/static-server.mjs')).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     import(workerData.moduleUrl)
       .then(({ startStaticServer }) => startStaticServer(workerData.options))
       .then((server) => {
         parentPort.postMessage({ url: server.url });
         parentPort.on('message', () => server.close().then(() => parentPort.postMessage({ closed: true })));
       })
       .catch((error) => parentPort.postMessage({ error: String(error?.stack || error) }));`,
    { eval: true, workerData: { moduleUrl, options } },
  );
  const started = new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (msg) => (msg.error ? reject(new Error(msg.error)) : resolve(msg.url)));
  });
  return withTimeout(started, TIMEOUT, 'start server')
    .then((url) => ({
      url,
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

function runBuild() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
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

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

const shortUnit = (m) => m.unit.split(' ')[0];
const OPPOSITE = { smaller: 'larger', faster: 'slower', less: 'more' };
/** "24.7x smaller than AppKit CDN", or "1.6x slower than AppKit" when the figure is worse than the anchor. */
function versus(m, value) {
  const ratio = m.anchor.value / value;
  return ratio >= 1 || !OPPOSITE[m.anchor.ratio]
    ? `${fmt(ratio, 1)}x ${m.anchor.ratio} than ${m.anchor.name}`
    : `${fmt(1 / ratio, 1)}x ${OPPOSITE[m.anchor.ratio]} than ${m.anchor.name}`;
}

function describe(m, value) {
  let s = `${m.label} ${fmt(value, m.digits)} ${m.unit}`;
  if (m.budget !== undefined) s += ` — budget ${m.budget} ${shortUnit(m)}`;
  if (m.aim !== undefined) s += ` (aim ${m.aim})`;
  if (m.anchor) s += ` — ${versus(m, value)} (${m.anchor.value} ${shortUnit(m)})`;
  return s;
}

/**
 * JS heap of a page without w3kit after the same Playwright steps (init script, waitForFunction,
 * locator click, evaluate, GC): Playwright's injected script alone is over 1 MB, so this tells how
 * much of "JS heap after opening" is w3kit's.
 */
async function heapBaseline(browser, url) {
  const context = await withTimeout(browser.newContext({ viewport: { width: 1280, height: 800 } }), TIMEOUT, 'new context');
  try {
    context.setDefaultTimeout(TIMEOUT);
    await context.addInitScript({ content: INIT_SCRIPT });
    const page = await context.newPage();
    const cdp = await withTimeout(context.newCDPSession(page), TIMEOUT, 'CDP session');
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
    await page.waitForFunction(() => document.readyState === 'complete', null, { timeout: TIMEOUT, polling: 50 });
    await page.locator('button').click({ timeout: TIMEOUT });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await withTimeout(cdp.send('HeapProfiler.collectGarbage'), TIMEOUT, 'collectGarbage');
    const { usedSize } = await withTimeout(cdp.send('Runtime.getHeapUsage'), TIMEOUT, 'getHeapUsage');
    return usedSize / MB;
  } finally {
    await withTimeout(context.close(), TIMEOUT, 'close context').catch(() => undefined);
  }
}

/** One fresh page load (new context): runs every page measure in order. */
async function pageRun(browser, url, kind = 'page', initScripts = []) {
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
    await context.addInitScript({ content: INIT_SCRIPT });
    for (const script of initScripts) await context.addInitScript(script);
    const page = await context.newPage();
    page.on('pageerror', (e) => fail(`page error: ${e.stack || e.message || e}`));
    page.on('console', (msg) => {
      // Chromium fetches /favicon.ico by itself; the bench page has none.
      if (msg.type() === 'error' && !msg.location()?.url?.endsWith('/favicon.ico'))
        fail(`console error: ${msg.text()}${msg.location()?.url ? ` (${msg.location().url})` : ''}`);
    });
    page.on('requestfailed', (req) => fail(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
    page.on('response', (res) => {
      if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) fail(`HTTP ${res.status()}: ${res.url()}`);
    });
    page.on('crash', () => fail('page crashed'));
    const cdp = await guard(context.newCDPSession(page));
    await guard(page.goto(url, { waitUntil: 'load', timeout: TIMEOUT }));

    const values = {};
    const state = {};
    for (const m of MEASURES.filter((x) => x.kind === kind)) {
      const value = await guard(Promise.resolve(m.run({ page, context, cdp, guard, state })), m.timeout).catch((error) => {
        const original = error.message;
        error.message = `${m.label}: ${original}`;
        if (typeof error.stack === 'string') error.stack = error.stack.replace(original, error.message);
        throw error;
      });
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${m.id}: not a number: ${value}`);
      values[m.id] = value;
    }
    if (errors.length) throw new Error(errors[0]);
    return { values, state };
  } finally {
    await withTimeout(context.close(), TIMEOUT, 'close context').catch(() => undefined);
  }
}

async function main() {
  if (BUILD) {
    log('Building (node scripts/build.mjs)...');
    await runBuild();
  }

  // Sizes.
  const sizes = cdnSizes(path.join(CDN_DIR, 'manifest.json'));
  const results = {};
  log('\nCDN sizes (gzip level 9)');
  for (const m of MEASURES.filter((x) => x.kind === 'static')) {
    const value = await m.run({ sizes });
    results[m.id] = { value };
    log(`  ${describe(m, value)}`);
  }
  const { chunks } = JSON.parse(readFileSync(path.join(CDN_DIR, 'manifest.json'), 'utf8'));
  log(`    first chunk files: ${sizes.firstFiles.map((f) => `${f} ${fmt(chunks[f].gzip / KB)} KB`).join(', ')}`);
  log(`  lazy chunks (${sizes.lazy.length}):`);
  for (const c of [...sizes.lazy].sort((a, b) => b.gzip - a.gzip)) {
    const name = chunks[c.file]?.name ?? c.file;
    log(`    ${name.padEnd(24)} ${fmt(c.gzip / KB).padStart(5)} KB gzip  (${c.file}, ${fmt(c.bytes / KB)} KB raw)`);
  }

  // Browser.
  const pageDir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-'));
  writeFileSync(path.join(pageDir, 'index.html'), BENCH_PAGE);
  writeFileSync(path.join(pageDir, 'empty.html'), EMPTY_PAGE);
  let server;
  let browser;
  let chain;
  let walletBundle;
  let backend;
  let backendDir;
  let browserVersion = '';
  const runs = [];
  try {
    // The connect round trip needs a chain and the test wallet (an EIP-6963 wallet in the page).
    log('\nStarting a Hardhat node and bundling the test wallet for the connect round trip...');
    chain = await withTimeout(startHardhat(), 90_000, 'start Hardhat');
    walletBundle = await bundleFixtures();
    writeFileSync(path.join(pageDir, 'connect.html'), connectPage(chain.url));
    // The All Wallets measures need the backend: the built w3kit-server bin, seeded with 1,000 wallets.
    backendDir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-data-'));
    backend = await withTimeout(
      startBackend({
        port: 0,
        dataDir: backendDir,
        // Every run scrolls through 1,000 wallets and their images: more than the default per-IP limit per minute.
        env: { W3KIT_RATE_LIMIT_MAX: '1000000' },
      }),
      60_000,
      'start w3kit-server',
    );
    writeFileSync(path.join(pageDir, 'registry.html'), registryPage(backend.url, backend.relayUrl));
    server = await startServerInWorker({ root: ROOT, routes: { '/cdn/': CDN_DIR, '/': pageDir } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: BENCH_ARGS, timeout: TIMEOUT });
    browserVersion = `Chromium ${browser.version()}`;
    const pageMeasures = MEASURES.filter((x) => x.kind === 'page');
    log(`\nBrowser: ${browserVersion}, ${RUNS} fresh page loads of ${server.url}/`);
    log(
      `  machine: ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (timings are noisy on a busy machine)`,
    );
    for (let i = 0; i < RUNS; i++) {
      const run = await pageRun(browser, `${server.url}/`);
      runs.push(run);
      const parts = pageMeasures.map((m) => `${m.label} ${fmt(run.values[m.id], m.digits)} ${m.unit}`);
      const b = run.state.breakdown;
      const detail = b ? `  (HTML ${fmt(b.html, 0)}, scripts ${fmt(b.scripts, 0)}, defined ${fmt(b.defined, 0)} ms)` : '';
      log(`  run ${i + 1}: ${parts.join(' | ')}${detail}`);
    }
    for (const m of pageMeasures) {
      const samples = runs.map((r) => r.values[m.id]);
      results[m.id] = { ...stats(samples), value: stats(samples).median, samples };
    }
    const connectMeasures = MEASURES.filter((x) => x.kind === 'connect');
    const connectRuns = [];
    const wallet = [
      {
        content: `window.__W3_TEST_WALLETS__ = [${JSON.stringify({ rpcUrls: { 31337: chain.url }, chainId: 31337, storageKey: false })}];`,
      },
      { path: walletBundle },
    ];
    for (let i = 0; i < RUNS; i++) {
      const run = await pageRun(browser, `${server.url}/connect.html`, 'connect', wallet);
      connectRuns.push(run);
      log(`  connect run ${i + 1}: ${connectMeasures.map((m) => `${m.label} ${fmt(run.values[m.id], m.digits)} ${m.unit}`).join(' | ')}`);
    }
    for (const m of connectMeasures) {
      const samples = connectRuns.map((r) => r.values[m.id]);
      results[m.id] = { ...stats(samples), value: stats(samples).median, samples };
    }
    const registryMeasures = MEASURES.filter((x) => x.kind === 'registry');
    const registryRuns = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await pageRun(browser, `${server.url}/registry.html`, 'registry');
      registryRuns.push(run);
      const scroll = run.state.scroll;
      log(
        `  registry run ${i + 1}: ${registryMeasures.map((m) => `${m.label} ${fmt(run.values[m.id], m.digits)} ${m.unit}`).join(' | ')}` +
          `  (scrolled ${scroll.wallets} wallets in ${fmt(scroll.ms, 0)} ms, longest task ${fmt(scroll.longest, 0)} ms)`,
      );
    }
    for (const m of registryMeasures) {
      const samples = registryRuns.map((r) => r.values[m.id]);
      results[m.id] = { ...stats(samples), value: stats(samples).median, samples };
    }
    const wcMeasures = MEASURES.filter((x) => x.kind === 'walletconnect');
    const wcRuns = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await pageRun(browser, `${server.url}/registry.html`, 'walletconnect');
      wcRuns.push(run);
      log(`  walletconnect run ${i + 1}: ${wcMeasures.map((m) => `${m.label} ${fmt(run.values[m.id], m.digits)} ${m.unit}`).join(' | ')}`);
    }
    for (const m of wcMeasures) {
      const samples = wcRuns.map((r) => r.values[m.id]);
      results[m.id] = { ...stats(samples), value: stats(samples).median, samples };
    }
    const baselines = [];
    for (let i = 0; i < 3; i++) baselines.push(await heapBaseline(browser, `${server.url}/empty.html`));
    if (results.heapAfterOpen) results.heapAfterOpen.emptyPageBaseline = stats(baselines).median;
    const found = runs.map((r) => r.state.clickToDialogFound).filter(Number.isFinite);
    if (found.length) results.clickToModalPainted.clickToDialogFound = stats(found);
    const delay = runs.map((r) => r.state.clickDispatchDelay).filter(Number.isFinite);
    if (delay.length) results.clickToModalPainted.clickDispatchDelay = stats(delay);

    log('\nMedians (min–max)');
    for (const m of [...pageMeasures, ...connectMeasures, ...registryMeasures, ...wcMeasures]) {
      const r = results[m.id];
      log(`  ${describe(m, r.median)}  [${fmt(r.min, m.digits)}–${fmt(r.max, m.digits)}]`);
    }
    if (results.clickToModalPainted?.clickToDialogFound) {
      const f = results.clickToModalPainted.clickToDialogFound;
      const d = results.clickToModalPainted.clickDispatchDelay;
      log(
        `    (of which: click event reached the page ${fmt(d?.median)} ms after its timeStamp; ` +
          `dialog in the DOM with a size ${fmt(f.median)} ms after the timeStamp; the rest is waiting for the next frame)`,
      );
    }
    if (results.heapAfterOpen?.emptyPageBaseline !== undefined) {
      const { median, emptyPageBaseline: base } = results.heapAfterOpen;
      log(`    (empty page after the same Playwright steps: ${fmt(base, 2)} MB, so w3kit's share is about ${fmt(median - base, 2)} MB)`);
    }
  } finally {
    if (browser) await withTimeout(browser.close(), TIMEOUT, 'close browser').catch(() => undefined);
    if (server) await withTimeout(server.close(), TIMEOUT, 'close server').catch(() => undefined);
    if (chain) await withTimeout(chain.stop(), TIMEOUT, 'stop Hardhat').catch(() => undefined);
    if (backend) await withTimeout(backend.close(), TIMEOUT, 'stop w3kit-server').catch(() => undefined);
    if (backendDir) rmSync(backendDir, { recursive: true, force: true });
    rmSync(pageDir, { recursive: true, force: true });
  }

  // Table.
  const rows = MEASURES.map((m) => {
    const r = results[m.id];
    const status = m.budget === undefined ? '—' : r.value <= m.budget ? 'PASS' : 'OVER';
    const anchor = m.anchor ? `${versus(m, r.value)} ${m.anchor.value} ${shortUnit(m)}` : '';
    const budget = m.budget === undefined ? '' : `${m.budget} ${shortUnit(m)}${m.aim !== undefined ? ` (aim ${m.aim})` : ''}`;
    return [m.label, `${fmt(r.value, m.digits)} ${m.unit}`, budget, anchor, status];
  });
  const head = ['measure', 'figure', 'budget', 'anchor', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => '  ' + cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  log(`\nSummary (${RUNS} runs, medians)`);
  log(line(head));
  log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) log(line(r));

  // JSON.
  const json = {
    date: new Date().toISOString(),
    cdn: CDN_DIR,
    runs: RUNS,
    browser: browserVersion,
    machine: { cpus: cpus().length, loadavg: loadavg() },
    sizes: {
      entry: sizes.entry,
      firstFiles: sizes.firstFiles,
      firstGzip: sizes.firstGzip,
      lazy: sizes.lazy.map((c) => ({ ...c, name: chunks[c.file]?.name })),
    },
    measures: MEASURES.map((m, i) => ({
      id: m.id,
      label: m.label,
      unit: m.unit,
      ...(m.budget !== undefined && { budget: m.budget }),
      ...(m.aim !== undefined && { aim: m.aim }),
      ...(m.anchor && { anchor: { name: m.anchor.name, value: m.anchor.value, ratio: m.anchor.value / results[m.id].value } }),
      ...results[m.id],
      status: rows[i][4],
    })),
  };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(json, null, 2) + '\n');
  log(`\nWrote ${OUT}`);
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`\nbench failed: ${error?.stack || error}`);
  process.exit(1);
}
