/**
 * Where the frame is hosted (issue 32, a frame on another site), end to end with the real backend,
 * frame site, SMTP sink and Chromium. The frame site is http://localhost:PORT; the app is either
 * on localhost too (the same site) or on http://127.0.0.1:PORT (another site).
 *
 * - Same site: the frame keeps its IndexedDB; nothing is asked; a reload keeps the login.
 * - Another site, storage available: a Chromium that partitions third-party storage (as Chrome,
 *   Firefox and Safari do by default) gives the frame its own storage under the app's site.
 *   Playwright launches Chromium with `--disable-features=...,ThirdPartyStoragePartitioning,...`;
 *   Chromium keeps only the last `--disable-features` switch, so this browser passes its own list
 *   (Playwright's without that feature) and `--enable-features=ThirdPartyStoragePartitioning`.
 * - Another site, storage refused: Playwright's own contexts block third-party storage (they are
 *   off-the-record profiles and partitioning is off), as Chromium does with third-party cookies
 *   blocked (incognito, the user's setting): IndexedDB answers 'The user denied permission to
 *   access the database.' The login still works; the frame's 'Stay logged in' screen asks with
 *   the Storage Access API from the user's click on Allow; headless Chromium refuses it (no
 *   earlier grant, no prompt); the modal then says the login lasts until a reload, and no
 *   browser's raw error text shows. A reload ends the login.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { verifyMessage, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../scripts/lib/mail.mjs';
import { ensureBrowser } from '../../scripts/lib/browser.mjs';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { startRequest } from './embedded-probe.js';
import { afterConnect } from './page.js';
import {
  approveInFrame,
  clickInFrame,
  login,
  modal,
  newEmail,
  nextMail,
  openApp,
  startEmbedded,
  submitEmail,
  typeCode,
  waitView,
  type EmbeddedHarness,
} from './embedded-harness.js';

/** Playwright's disabled features without ThirdPartyStoragePartitioning (see the file comment). */
const PARTITIONING_ARGS = [
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--enable-features=ThirdPartyStoragePartitioning',
];

/** What a browser says when it refuses storage, and the Storage Access API's refusal: never shown. */
const RAW_ERRORS = /denied permission|UnknownError|NotAllowedError|SecurityError|requestStorageAccess|IndexedDB/i;
const SESSION_ONLY = 'Logged in until you reload';

let eh: EmbeddedHarness;
let partitioning: Browser;
const contexts: BrowserContext[] = [];
const newContext = async (browser: Browser = eh.h.browser) => {
  const c = await browser.newContext();
  contexts.push(c);
  return c;
};
const evmAddress = (p: Page) => p.evaluate(() => (window as any).modal?.getAccount('eip155').address as string | undefined);
/** The modal's alert (a warning has role status), shown whether or not the dialog is open. */
const alerts = async (p: Page) => (await modal(p).locator('[part="alert"]').allTextContents()).join(' ');

/** No raw browser error text in the modal (its shadow roots) nor in the frame. */
async function expectNoRawErrors(p: Page): Promise<void> {
  expect(await modal(p).getByText(RAW_ERRORS).count()).toBe(0);
  expect(await p.frameLocator('w3-modal iframe').getByText(RAW_ERRORS).count()).toBe(0);
}

beforeAll(async () => {
  const executablePath = await ensureBrowser({ quiet: true });
  [eh, partitioning] = await Promise.all([
    startEmbedded(),
    chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...PARTITIONING_ARGS] }),
  ]);
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});
afterAll(async () => {
  await Promise.all([partitioning?.close().catch(() => undefined), eh?.stop()]);
});

describe('embedded wallet: where the frame is hosted', { timeout: 180_000 }, () => {
  it('same site (app and frame on localhost): logs in, asks nothing, and a reload keeps the login', async () => {
    const p = await openApp(eh, await newContext());
    await login(eh, p, newEmail('same-site'));
    const address = await evmAddress(p);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await p.waitForTimeout(1500);
    expect(await p.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'))).toBe('Account');
    expect(await alerts(p)).not.toContain(SESSION_ONLY);
    await p.reload();
    await expect.poll(() => evmAddress(p), { timeout: 30_000 }).toBe(address);
  });

  it('another site with partitioned storage (app on 127.0.0.1): logs in, asks nothing, and a reload keeps the login', async () => {
    const p = await openApp(eh, await newContext(partitioning), { base: eh.h.baseUrl });
    expect(new URL(p.url()).hostname).toBe('127.0.0.1');
    await login(eh, p, newEmail('partitioned'));
    const address = await evmAddress(p);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await p.waitForTimeout(1500);
    expect(await alerts(p)).not.toContain(SESSION_ONLY);
    await expectNoRawErrors(p);
    await p.reload();
    await expect.poll(() => evmAddress(p), { timeout: 30_000 }).toBe(address);
  });

  it('another site with third-party storage blocked: logs in for the page, asks from a click in the frame, says the login ends with a reload', async () => {
    const email = newEmail('blocked');
    const p = await openApp(eh, await newContext(), { base: eh.h.baseUrl });
    const since = Date.now() - 1000;
    await submitEmail(p, email);
    await waitView(p, 'EmailVerifyOtp');
    await typeCode(p, codeOf(await nextMail(eh, email, since, true)));
    await afterConnect(p, 30_000, false);
    expect(await evmAddress(p)).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The frame's own screen, in the modal that opens again for it.
    await waitView(p, 'ApproveTransaction');
    await expect.poll(() => modal(p).getByText('Keep your login on this browser?').count()).toBe(1);
    const frame = p.frameLocator('w3-modal iframe');
    await frame.getByRole('heading', { name: 'Stay logged in on this browser' }).waitFor();
    await clickInFrame(p, 'Allow');

    // Chromium refuses storage access here: the login lasts for the page, and the modal says so once.
    await expect.poll(() => alerts(p), { timeout: 20_000 }).toContain(SESSION_ONLY);
    expect(await alerts(p)).toContain('Add a passkey to log in next time without a code.');
    await expectNoRawErrors(p);
    expect(await p.evaluate(() => (window as any).modal.getAccount('eip155').isConnected)).toBe(true);
    const address = await evmAddress(p);

    // The device share is in the frame's memory: the wallet still signs for this page.
    const outcome = await startRequest(p, "modal.signMessage('kept for the page', { namespace: 'eip155' })");
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok).toBe(true);
    expect(await verifyMessage({ address: address as Hex, message: 'kept for the page', signature: value as Hex })).toBe(true);

    // A reload: nothing was kept, so the user is logged out, quietly.
    await p.reload();
    await p.waitForFunction(() => (window as any).modal !== undefined);
    await p.waitForTimeout(3000);
    expect(await p.evaluate(() => (window as any).modal.getAccount('eip155').isConnected)).toBe(false);
    await expectNoRawErrors(p);
  });
});
