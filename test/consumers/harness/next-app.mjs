/**
 * The Next.js App Router app: `next build`, a type-check, `next start`, then in Chromium the
 * button, the modal and the connection; the server HTML rendered for the visitor's cookie holds
 * the connected account (and a visitor without it sees none), and a reload while connected
 * hydrates with no warning or error in the console (no React #418/#423) and paints <w3-button> as
 * the restoring account from its first frame, never 'Connect Wallet', at one size.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../scripts/lib/hardhat.mjs';
import { ACCOUNT, buttonRenders, modalOpens, openApp, outputText, walletConnects } from './browser.mjs';
import { assert, waitFor } from './report.mjs';
import { totalOnDisk } from './sizes.mjs';
import { steps } from './steps.mjs';
import { hydrationComplaints, noFlashProblems, readButtonFrames, sampleButtonFrames } from './reload-frames.mjs';
import { noteThirdParty, typecheck } from './typecheck.mjs';
import { npmRun } from './workspace.mjs';

const APP = 'next-app';
const STEPS = [
  'w3-button renders',
  'the modal opens on Connect with the test wallet',
  'the test wallet connects against Hardhat',
  "wagmi (useConnection) sees the modal's connection",
  'the server HTML for the cookie holds the connected account; without it, none',
  'a reload while connected hydrates with no warning or error in the console (no React #418/#423)',
  "on that reload <w3-button> shows the restoring account from its first frame, never 'Connect Wallet', at one size",
];
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: '1' };

/** `next start` on a free loopback port; resolves once it answers. */
async function startNext(appDir, rpcUrl) {
  const port = await freePort();
  const child = spawn('npm', ['run', '--silent', 'start', '--', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: appDir,
    env: { ...process.env, ...NEXT_ENV, W3KIT_RPC_URL: rpcUrl, NODE_ENV: 'production' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  try {
    await waitFor(
      `next start (${output.slice(-500)})`,
      () =>
        fetch(url).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      60_000,
    );
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop, output: () => output };
}

const addressIn = (html) => new RegExp(`id="wagmi-address"[^>]*>${ACCOUNT}<`, 'i').test(html);

export async function nextApp(ctx) {
  const appDir = path.join(ctx.dir, APP);
  const run = steps(ctx.report, APP);
  const built = await ctx.report.check(`${APP}: builds (next build)`, () => npmRun(appDir, 'build', NEXT_ENV));
  await ctx.report.check(`${APP}: type-checks (tsc --noEmit, skipLibCheck false)`, async () =>
    noteThirdParty(APP, await typecheck(appDir)),
  );
  if (!built) return run.skipAll(STEPS, 'the app did not build');
  ctx.report.setSize(APP, 'total', totalOnDisk([path.join(appDir, '.next/static')]));
  let server;
  let session;
  try {
    const started = await run.step(STEPS[0], async () => {
      server = await startNext(appDir, ctx.env.rpcUrl);
      session = await openApp(ctx.browser, server.url, ctx.env);
      await buttonRenders(session.page);
    });
    if (session) ctx.report.setSize(APP, 'firstLoad', session.firstLoad);
    if (!started) return run.skipAll([...STEPS.slice(1), 'no page errors'], 'the page did not load');
    const { page } = session;
    await run.step(STEPS[1], () => modalOpens(page));
    await run.step(STEPS[2], () => walletConnects(page));
    await run.step(STEPS[3], () =>
      waitFor(
        '#wagmi-address',
        () => outputText(page, '#wagmi-address'),
        (a) => a === ACCOUNT,
      ),
    );
    await run.step(STEPS[4], async () => {
      const cookies = await session.context.cookies(server.url);
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      assert(cookie.length > 0, 'the connected page set no cookie');
      const html = await fetch(server.url, { headers: { cookie } }).then((r) => r.text());
      assert(addressIn(html), `the server HTML has no connected address (cookies: ${cookies.map((c) => c.name).join(', ')})`);
      // w3kit's hooks render what a server without a modal has (the browser then hydrates to it).
      assert(/id="w3-status"[^>]*>disconnected</.test(html), 'the server HTML has no disconnected w3kit status');
      const stranger = await fetch(server.url).then((r) => r.text());
      assert(!stranger.includes(ACCOUNT), "a visitor without the cookie got the other visitor's account");
    });
    await run.step(STEPS[5], async () => {
      const before = session.consoleMessages.length;
      const errorsBefore = session.errors.length;
      await sampleButtonFrames(session.context);
      await page.reload();
      await page.waitForLoadState('networkidle');
      for (const id of ['#wagmi-status', '#w3-status'])
        await waitFor(
          `${id} after reload`,
          () => outputText(page, id),
          (s) => s === 'connected',
        );
      await page.waitForTimeout(500);
      const messages = session.consoleMessages.slice(before);
      const hydration = hydrationComplaints(messages, session.errors.slice(errorsBefore));
      assert(hydration.length === 0, `hydration errors after the reload: ${JSON.stringify(hydration)}`);
      const noisy = messages.filter((m) => m.type === 'error' || m.type === 'warning');
      assert(noisy.length === 0, `console after the reload: ${JSON.stringify(noisy)}`);
    });
    await run.step(STEPS[6], async () => {
      const problems = noFlashProblems(await readButtonFrames(page));
      assert(!problems, problems);
    });
    await ctx.report.check(`${APP}: no page errors`, async () => assert(session.errors.length === 0, session.errors.join('\n')));
  } finally {
    await session?.context.close();
    server?.stop();
  }
}
