/**
 * The embedded wallet end to end: the built CDN bundle in Chromium on one origin, the backend
 * with its secure frame site on another (its port + 2), the development SMTP sink, the development
 * OpenID provider (every social provider) and the Farcaster sandbox, a real
 * Hardhat node and the local SVM. Mails are read from the sink (`/dev/mail.json`); a device is
 * approved the way a person does it, by opening the mail's link and pressing Approve (a known
 * account's new device; a new account gets its code at once).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startBackend, type Backend } from '../../scripts/lib/backend.mjs';
import { codeOf, linkOf, waitForMail, type Mail } from '../../scripts/lib/mail.mjs';
import { startSvm, type LocalSvm } from '../../scripts/lib/svm.mjs';
import { startHarness, type Harness } from './harness.js';
import { afterConnect } from './page.js';

export interface EmbeddedHarness {
  h: Harness;
  svm: LocalSvm;
  backend: Backend;
  /** The backend's data folder (the bin's `--data`), for CLI commands on the same database. */
  dataDir: string;
  /** Stops the backend only (the failure tests restart it with `restartBackend`). */
  stopBackend(): Promise<void>;
  restartBackend(): Promise<void>;
  stop(): Promise<void>;
}

const LIMITS = { W3KIT_AUTH_STARTS_PER_IP: '1000', W3KIT_AUTH_VERIFIES_PER_IP: '1000', W3KIT_RATE_LIMIT_MAX: '100000' };

export async function startEmbedded(): Promise<EmbeddedHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'w3kit-embedded-e2e-'));
  const [h, svm] = await Promise.all([startHarness(), startSvm({ port: 0, dataDir: join(dataDir, 'svm') })]);
  const start = (port = 0, framePort = 0, smtpSink = 0, oidcPort = 0) =>
    startBackend({
      port,
      framePort,
      smtpSink,
      oidcPort,
      dataDir,
      env: { ...LIMITS, W3KIT_FARCASTER_SANDBOX: '1', W3KIT_KEK: Buffer.alloc(32, 7).toString('base64') },
    });
  const eh: EmbeddedHarness = {
    h,
    svm,
    dataDir,
    backend: await start(),
    async stopBackend() {
      await eh.backend.close();
    },
    async restartBackend() {
      const port = (u: string | undefined) => Number(new URL(u!.replace(/^smtp:/, 'http:')).port);
      eh.backend = await start(port(eh.backend.url), port(eh.backend.frameUrl), port(eh.backend.smtpUrl), port(eh.backend.oidcUrl));
    },
    async stop() {
      await Promise.all([eh.backend.close().catch(() => undefined), svm.close(), h.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return eh;
}

/**
 * What the page saw, kept for a failure's message (the last 60 entries): the modal's view and open
 * state as they change, its events, and where each click landed in the page (the frame is placed
 * over the modal by the page, so a click meant for it could land elsewhere).
 */
const JOURNAL = `{
  const journal = (window.__journal = []);
  const t0 = performance.now();
  const note = (line) => { journal.push(Math.round(performance.now() - t0) + 'ms ' + line); if (journal.length > 60) journal.shift(); };
  let last = '';
  window.modal.subscribeState((s) => { const now = s.view + (s.open ? ' open' : ' closed'); if (now !== last) note((last = now)); });
  window.modal.subscribeEvents((e) => note('event ' + e.type));
  document.addEventListener('click', (e) => { const t = e.composedPath()[0]; const f = document.querySelector('w3-modal')?.shadowRoot?.querySelector('#w3-embedded-frame'); note('click on ' + (t.tagName ?? '?') + '.' + (t.className ?? '') + ' at ' + e.clientX + ',' + e.clientY + ' in ' + innerWidth + 'x' + innerHeight + '; frame ' + (f ? f.style.cssText.replace(/.*inline-size/, 'inline-size') : 'none')); }, true);
}`;

/** The app page: Localhost (chain A) and the local SVM, e-mail login through the frame site. */
function appPage(eh: EmbeddedHarness, secureSiteUrl: string, projectId: string, features: object = { email: true }): string {
  const { h, svm } = eh;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>w3kit embedded e2e</title>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  const chainA = { ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(h.chainA.url)}] } } };
  const sol = { ...networks.solanaLocal, rpcUrls: { default: { http: [${JSON.stringify(svm.url)}], webSocket: [${JSON.stringify(svm.wsUrl)}] } } };
  window.modal = createW3Modal({ networks: [chainA, sol], projectId: ${JSON.stringify(projectId)},
    secureSiteUrl: ${JSON.stringify(secureSiteUrl)}, features: ${JSON.stringify(features)},
    metadata: { name: 'Embedded e2e', description: 'e2e', url: location.origin, icons: [] } });
  ${JOURNAL}
</script></head><body><main><h1>e2e</h1><w3-network-button></w3-network-button><w3-button></w3-button></main></body></html>`;
}

/** The app pages' origin: the static server's, addressed as localhost. */
export const appBase = (eh: EmbeddedHarness): string => eh.h.localBaseUrl;

/** Opens the app in `context` (a fresh one: a new device), pointing at the frame site unless told otherwise. */
export async function openApp(
  eh: EmbeddedHarness,
  context: BrowserContext,
  options: { secureSiteUrl?: string; projectId?: string; features?: object; base?: string } = {},
): Promise<Page> {
  const path = `/embedded-${Math.random().toString(36).slice(2)}.html`;
  eh.h.pages.set(path, appPage(eh, options.secureSiteUrl ?? eh.backend.frameUrl, options.projectId ?? 'w3kit-dev', options.features));
  const page = await context.newPage();
  // On localhost like the frame site (WebAuthn refuses IP origins): one site, so the frame keeps
  // its storage in browsers that block third-party storage (Playwright's contexts do).
  // `base`: another origin for the app (eh.h.baseUrl, 127.0.0.1: another site than the frame's).
  await page.goto((options.base ?? appBase(eh)) + path);
  await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  return page;
}

export const modal = (p: Page) => p.locator('w3-modal');
export const view = (p: Page) => p.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
export const waitView = (p: Page, name: string, timeout = 20_000) =>
  p.waitForFunction((v) => document.querySelector('w3-modal')?.getAttribute('view') === v, name, { timeout });

/** A fresh address per test, so cooldowns and devices never cross tests. */
export const newEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

export const isCodeMail = (m: Mail) => /\b\d{6}\b/.test(m.subject);

/** Every mail the sink got for `to` since `since` (ms), oldest first. */
export async function mailsTo(eh: EmbeddedHarness, to: string, since: number): Promise<Mail[]> {
  const { mails } = (await (await fetch(eh.backend.mailUrl!)).json()) as { mails: Mail[] };
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase() && new Date(m.date).getTime() >= since).reverse();
}

/** The next mail to `to` after `since` that matches. */
export function nextMail(eh: EmbeddedHarness, to: string, since: number, code: boolean): Promise<Mail> {
  return waitForMail(eh.backend.mailUrl!, { to, since, match: (m) => isCodeMail(m) === code, timeoutMs: 20_000 });
}

/** Opens the device mail's link in its own page and presses Approve, as the person would. */
export async function approveDevice(eh: EmbeddedHarness, context: BrowserContext, to: string, since: number): Promise<void> {
  const mail = await nextMail(eh, to, since, false);
  const page = await context.newPage();
  await page.goto(linkOf(mail));
  await page.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByText(/approved/i)
    .first()
    .waitFor();
  await page.close();
}

/** Types a code into the focused OTP boxes (the first box is focused on arrival). */
export async function typeCode(p: Page, code: string): Promise<void> {
  await modal(p).getByRole('textbox', { name: 'Digit 1 of 6' }).waitFor();
  await modal(p).getByRole('textbox', { name: 'Digit 1 of 6' }).focus();
  await p.keyboard.type(code);
}

/** Opens Connect and submits the e-mail in the inline field. */
export async function submitEmail(p: Page, email: string): Promise<void> {
  await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  const field = modal(p).getByRole('textbox', { name: 'Email' });
  await field.fill(email);
  await field.press('Enter');
}

/**
 * Logs in by e-mail from the Connect view: a known account's new device (`approval`) is approved
 * through its mail first; a new account and a known device go straight to the code from the sink.
 * Resolves once Account shows.
 */
export async function login(eh: EmbeddedHarness, p: Page, email: string, { approval = false } = {}): Promise<void> {
  const since = Date.now() - 1000;
  await submitEmail(p, email);
  if (approval) {
    await waitView(p, 'EmailVerifyDevice');
    await approveDevice(eh, p.context(), email, since);
  }
  await waitView(p, 'EmailVerifyOtp');
  await typeCode(p, codeOf(await nextMail(eh, email, since, true)));
  await afterConnect(p, 30_000);
  await p.waitForFunction(() => (window as any).modal.getAccount('solana').isConnected === true, null, { timeout: 15_000 });
}

/** Clicks a button inside the frame (the approval or export screen), as the person would. */
export function frameButton(p: Page, name: string) {
  return p.frameLocator('w3-modal iframe').getByRole('button', { name });
}

/**
 * Approves in the frame the request `pending` waits on, and gives its result once the approval
 * has settled (ApproveTransaction left: the modal closed, or went back), so that a next request
 * never meets this one's closing modal.
 */
export async function approveInFrame<T>(p: Page, pending: () => Promise<T>): Promise<T> {
  await waitView(p, 'ApproveTransaction');
  await clickInFrame(p, 'Approve');
  const result = await pending();
  // A failed request says what the page saw, so that a rare failure explains itself.
  const failed = result as { ok?: boolean; value?: string };
  if (failed && failed.ok === false) failed.value = `${failed.value}\npage journal:\n${await journal(p)}`;
  await p.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') !== 'ApproveTransaction', null, {
    timeout: 10_000,
  });
  return result;
}

/** The page's journal (see JOURNAL), one entry a line. */
export const journal = (p: Page): Promise<string> =>
  p.evaluate(() => ((window as unknown as { __journal?: string[] }).__journal ?? []).join('\n'));

/**
 * Waits until the frame shows over the modal, whole and still: no animation runs in the modal (its
 * opening, the body's height following a new view), and the frame's place and cut stay the same
 * three frames running. The page places the frame over the modal, and while the body's height
 * animates the frame's lower part is cut off; a click there reaches the overlay behind and closes
 * the modal. Playwright's own checks see only the button inside the frame, never that.
 */
export async function frameSettled(p: Page): Promise<void> {
  await p.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const root = document.querySelector('w3-modal')?.shadowRoot;
        const place = () => {
          const c = root?.querySelector<HTMLElement>('#w3-embedded-frame');
          if (!root || !c || getComputedStyle(c).visibility !== 'visible' || root.getAnimations().length > 0) return '';
          return c.style.cssText;
        };
        const seen: string[] = [];
        const step = () => {
          seen.push(place());
          if (seen.length < 3) return requestAnimationFrame(step);
          resolve(seen[0] !== '' && seen.every((b) => b === seen[0]));
        };
        step();
      }),
    null,
    { timeout: 20_000 },
  );
}

/**
 * Clicks a button of the frame's screen once the frame is settled over the modal (see
 * frameSettled) and the button's middle shows there: the page's topmost element at that point is
 * the frame. A frame can be still and yet cut off (the view's room not yet the frame's height);
 * a click on the cut part reaches the overlay behind and closes the modal.
 */
export async function clickInFrame(p: Page, name: string): Promise<void> {
  const button = frameButton(p, name);
  const deadline = Date.now() + 20_000;
  for (;;) {
    await frameSettled(p);
    const box = await button.boundingBox({ timeout: 10_000 });
    const shown =
      box !== null &&
      (await p.evaluate(
        ({ x, y }) => document.querySelector('w3-modal')?.shadowRoot?.elementFromPoint(x, y)?.closest('#w3-embedded-frame') != null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      ));
    if (shown) break;
    if (Date.now() > deadline) throw new Error(`the frame's '${name}' button never showed whole:\n${await journal(p)}`);
    // As a person would: scroll the modal's body until the view's room for the frame is in sight.
    await p.evaluate(() =>
      document
        .querySelector('w3-modal')
        ?.shadowRoot?.querySelector('w3-approve-transaction-view')
        ?.shadowRoot?.querySelector('[data-frame-room]')
        ?.scrollIntoView({ block: 'nearest' }),
    );
    await p.waitForTimeout(50);
  }
  await button.click();
}
