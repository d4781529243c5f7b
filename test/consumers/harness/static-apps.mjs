/**
 * The apps served as static files: Vite + React + wagmi, Vue 3 + Vite, and the plain page (the
 * package's CDN file through an import map, no bundler). Each: type-check, build, then in
 * Chromium the button renders, the modal opens, the test wallet connects.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { integrity as integrityOf } from '../../../scripts/lib/sizes.mjs';
import { startStaticServer } from '../../../scripts/lib/static-server.mjs';
import { ACCOUNT, buttonRenders, modalOpens, openApp, outputText, walletConnects } from './browser.mjs';
import { assert, waitFor } from './report.mjs';
import { totalOnDisk } from './sizes.mjs';
import { steps } from './steps.mjs';
import { BUDGETS, measureBudgets } from './budgets.mjs';
import { appDir, exec, installedW3kit, npmRun, tail } from './workspace.mjs';
import { noteThirdParty, typecheck } from './typecheck.mjs';
import { wagmiSteps, WAGMI_STEPS } from './wagmi-steps.mjs';

const BROWSER_STEPS = ['w3-button renders', 'the modal opens on Connect with the test wallet', 'the test wallet connects against Hardhat'];

/** Runs the browser part of one app: load, button, modal, connect, then `more(session)`; returns the session's first-load size. */
async function drive(ctx, run, app, url, more, moreNames) {
  let session;
  try {
    const loaded = await run.step('w3-button renders', async () => {
      session = await openApp(ctx.browser, url, ctx.env);
      await buttonRenders(session.page);
    });
    if (session) ctx.report.setSize(app, 'firstLoad', session.firstLoad);
    if (!loaded) return run.skipAll([...BROWSER_STEPS.slice(1), ...moreNames, 'no page errors'], 'the page did not load');
    await run.step('the modal opens on Connect with the test wallet', () => modalOpens(session.page));
    await run.step('the test wallet connects against Hardhat', () => walletConnects(session.page));
    await more(session);
    await ctx.report.check(`${app}: no page errors`, async () => assert(session.errors.length === 0, session.errors.join('\n')));
  } finally {
    await session?.context.close();
  }
}

async function buildAndServe(ctx, app, { build = true, typecheckName = 'type-checks (tsc --noEmit, skipLibCheck false)' } = {}) {
  const folder = appDir(ctx.dir, app);
  await ctx.report.check(`${app}: ${typecheckName}`, async () => noteThirdParty(app, await typecheck(folder)));
  if (!build) return true;
  let output = '';
  const built = await ctx.report.check(`${app}: builds`, async () => {
    output = await npmRun(folder, 'build');
  });
  if (built) await ctx.report.check(`${app}: the build puts no Node built-in into browser code`, () => noNodeBuiltins(output));
  return built;
}

/**
 * Vite's warning for a Node built-in reached from browser code ('Module "node:worker_threads" has
 * been externalized for browser compatibility', once through viem/chains and ox): none allowed.
 */
const NODE_BUILTIN_WARNING = /externalized for browser compatibility/;
function noNodeBuiltins(output) {
  const warnings = output.split('\n').filter((line) => NODE_BUILTIN_WARNING.test(line));
  if (warnings.length > 0) throw new Error(warnings.join('\n'));
}

/** The wagmi entry as a Node script (server rendering, a test) uses it: every export there, an adapter builds its config. */
const NODE_PROBE = `const m = await import('w3kit/wagmi');
const { networks } = await import('w3kit');
const missing = ['W3WagmiAdapter', 'cookieStorage', 'cookieToInitialState', 'createStorage'].filter((k) => m[k] === undefined);
if (missing.length) throw new Error('w3kit/wagmi lacks ' + missing.join(', '));
const adapter = new m.W3WagmiAdapter({ networks: [networks.mainnet, networks.base] });
if (adapter.wagmiConfig.chains.length !== 2) throw new Error('the adapter built no wagmi config');`;

/** The Vite budgets of DESIGN.md (see budgets.mjs): one check each, failing `npm test` when over. */
async function sizeBudgets(ctx, folder) {
  let results;
  const measured = await ctx.report.check('budgets: the four budget apps build with Vite', async () => {
    results = await measureBudgets(folder);
  });
  for (const budget of BUDGETS) {
    const label = `budget: ${budget.name} add at most ${budget.maxKb} KB gzip to a Vite app's first load`;
    if (!measured) {
      ctx.report.skip(label, 'the budget apps did not build');
      continue;
    }
    const r = results.find((x) => x.name === budget.name);
    console.log(
      `  ${budget.name}: +${r.addedKb.toFixed(1)} KB gzip (${r.appKb.toFixed(1)} KB over ${r.baselineKb.toFixed(1)} KB), budget ${r.maxKb} KB`,
    );
    await ctx.report.check(label, async () => assert(r.addedKb <= r.maxKb, `+${r.addedKb.toFixed(1)} KB gzip is over ${r.maxKb} KB`));
  }
}

export async function viteReactWagmi(ctx) {
  const app = 'vite-react-wagmi';
  const run = steps(ctx.report, app);
  const names = [...BROWSER_STEPS, ...WAGMI_STEPS, 'no page errors'];
  await ctx.report.check(`${app}: w3kit/wagmi imports in Node`, async () => {
    const { code, output } = await exec(process.execPath, ['--input-type=module', '-e', NODE_PROBE], { cwd: appDir(ctx.dir, app) });
    if (code !== 0) throw new Error(`node exited with ${code}:\n${tail(output)}`);
  });
  await sizeBudgets(ctx, appDir(ctx.dir, app));
  if (!(await buildAndServe(ctx, app))) return run.skipAll(names, 'the app did not build');
  const dist = path.join(appDir(ctx.dir, app), 'dist');
  ctx.report.setSize(app, 'total', totalOnDisk([dist]));
  const server = await startStaticServer({ root: dist });
  try {
    await drive(ctx, run, app, `${server.url}/`, (session) => wagmiSteps(ctx, run, session), WAGMI_STEPS);
  } finally {
    await server.close();
  }
}

export async function vue(ctx) {
  const app = 'vue';
  const run = steps(ctx.report, app);
  const extra = ['the typed @w3-connect handler and subscribeAccount see the account'];
  if (!(await buildAndServe(ctx, app, { typecheckName: 'type-checks templates (vue-tsc, skipLibCheck false)' })))
    return run.skipAll([...BROWSER_STEPS, ...extra, 'no page errors'], 'the app did not build');
  const dist = path.join(appDir(ctx.dir, app), 'dist');
  ctx.report.setSize(app, 'total', totalOnDisk([dist]));
  const server = await startStaticServer({ root: dist });
  try {
    await drive(
      ctx,
      run,
      app,
      `${server.url}/`,
      (session) =>
        run.step(extra[0], async () => {
          await waitFor(
            '#modal-address',
            () => outputText(session.page, '#modal-address'),
            (t) => t === ACCOUNT,
          );
          assert((await outputText(session.page, '#connects')) === '1', 'the w3-connect handler did not run once');
        }),
      extra,
    );
  } finally {
    await server.close();
  }
}

export async function plain(ctx) {
  const app = 'plain';
  const run = steps(ctx.report, app);
  await buildAndServe(ctx, app, { build: false, typecheckName: 'app.js type-checks (tsc checkJs, skipLibCheck false)' });
  const modules = path.dirname(installedW3kit(ctx.dir, app));
  const cdnFile = path.join(modules, 'w3kit/dist/cdn/w3kit.js');
  const template = readFileSync(path.join(ctx.dir, app, 'index.html'), 'utf8');
  const integrity = integrityOf(cdnFile);
  const pages = new Map([
    ['/plain/index.html', template.replace('%W3KIT_INTEGRITY%', integrity)],
    // The same page with another file's hash: the browser must refuse the module.
    ['/plain/tampered.html', template.replace('%W3KIT_INTEGRITY%', integrityOf(path.join(ctx.dir, app, 'app.js')))],
  ]);
  ctx.report.setSize(app, 'total', totalOnDisk([path.dirname(cdnFile)]));
  const server = await startStaticServer({ root: ctx.dir, routes: { '/node_modules/': modules, '/plain/': app }, pages });
  const extra = ['subscribeAccount sees the account', 'a wrong integrity hash keeps the CDN file from running'];
  try {
    await drive(
      ctx,
      run,
      app,
      `${server.url}/plain/index.html`,
      async (session) => {
        await run.step(extra[0], () =>
          waitFor(
            '#modal-address',
            () => outputText(session.page, '#modal-address'),
            (t) => t === ACCOUNT,
          ),
        );
        await ctx.report.check(`${app}: the installed CDN file has the integrity hash the build printed`, async () =>
          assert(integrity === integrityOf(), `installed ${integrity}, built dist/cdn/w3kit.js ${integrityOf()}`),
        );
        await ctx.report.check(`${app}: ${extra[1]}`, async () => {
          const tampered = await openApp(ctx.browser, `${server.url}/plain/tampered.html`, ctx.env);
          try {
            await tampered.page.waitForTimeout(500);
            const defined = await tampered.page.evaluate(() => customElements.get('w3-button') !== undefined);
            assert(!defined, 'w3-button was defined although the integrity hash did not match');
            assert(
              tampered.consoleMessages.some((m) => /integrity/i.test(m.text)),
              `no integrity error in the console: ${JSON.stringify(tampered.consoleMessages)}`,
            );
          } finally {
            await tampered.context.close();
          }
        });
      },
      extra.slice(0, 1),
    );
  } finally {
    await server.close();
  }
  return integrity;
}
