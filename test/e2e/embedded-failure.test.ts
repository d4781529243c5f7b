/**
 * The embedded wallet when things go wrong (issue 15): the frame's origin unreachable; a page
 * on an origin the project does not allow gets no answer from the frame; the backend stopped
 * during login gives a clear error, leaves the modal usable, and login works after a restart.
 */
import { execFileSync } from 'node:child_process';
import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/hardhat.mjs';
import { login, modal, newEmail, openApp, startEmbedded, submitEmail, view, waitView, type EmbeddedHarness } from './embedded-harness.js';

let eh: EmbeddedHarness;
const contexts: BrowserContext[] = [];
const newContext = async (init?: () => void) => {
  const c = await eh.h.browser.newContext();
  if (init) await c.addInitScript(init);
  contexts.push(c);
  return c;
};

/** Records the origin of every window message the page receives. */
function recordOrigins(): void {
  (window as unknown as { __origins: string[] }).__origins = [];
  window.addEventListener('message', (e) => (window as unknown as { __origins: string[] }).__origins.push(e.origin), true);
}

beforeAll(async () => {
  eh = await startEmbedded();
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});
afterAll(async () => {
  await eh?.stop();
});

describe('embedded wallet: failures', { timeout: 180_000 }, () => {
  it("an unreachable frame origin ends in 'Network Error - Could not load embedded wallet' and the modal stays usable", async () => {
    const p = await openApp(eh, await newContext(), { secureSiteUrl: `http://127.0.0.1:${await freePort()}` });
    await submitEmail(p, newEmail('unreachable'));
    await expect
      .poll(() => p.locator('w3-modal').getByText('Network Error - Could not load embedded wallet').count(), { timeout: 40_000 })
      .toBeGreaterThan(0);
    // Still usable: back to Connect and its wallets.
    await p.keyboard.press('Escape');
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await waitView(p, 'Connect');
    expect(await modal(p).getByRole('textbox', { name: 'Email' }).count()).toBe(1);
  });

  it('a page on an origin the project does not allow gets no answer from the frame', async () => {
    execFileSync(process.execPath, [
      'server/dist/w3kit-server.js',
      'projects',
      'add',
      'strict-e2e',
      '--name',
      'Strict',
      '--origins',
      'https://app.example.com',
      '--data',
      eh.dataDir,
    ]);
    const p = await openApp(eh, await newContext(recordOrigins), { projectId: 'strict-e2e' });
    await submitEmail(p, newEmail('strict'));
    await expect
      .poll(() => p.locator('w3-modal').getByText('Network Error - Could not load embedded wallet').count(), { timeout: 40_000 })
      .toBeGreaterThan(0);
    const frameOrigin = new URL(eh.backend.frameUrl).origin;
    expect(await p.evaluate(() => (window as unknown as { __origins: string[] }).__origins)).not.toContain(frameOrigin);
  });

  it('the backend stopped during login: a clear error, the modal usable, and login works once it is back', async () => {
    const email = newEmail('restart');
    const p = await openApp(eh, await newContext());
    await submitEmail(p, email);
    await waitView(p, 'EmailVerifyOtp');
    // The frame is loaded; the backend goes away mid-login: the next step fails in words.
    await eh.stopBackend();
    await p.keyboard.press('Escape');
    await submitEmail(p, newEmail('restart-other'));
    await expect
      .poll(async () => (await modal(p).getByRole('alert').allTextContents()).join(' '), { timeout: 20_000 })
      .toContain('Could not reach the wallet server');
    expect(await view(p)).not.toBe('Account');
    // Usable meanwhile: Escape closes, the button opens Connect again.
    await p.keyboard.press('Escape');
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await waitView(p, 'Connect');
    // Back up on the same ports: login works again.
    await eh.restartBackend();
    await p.keyboard.press('Escape');
    await p.reload();
    await expect.poll(() => p.evaluate(() => (window as any).modal !== undefined)).toBe(true);
    await login(eh, p, newEmail('restart-after'));
    expect(await p.evaluate(() => (window as any).modal.getAccount('eip155').isConnected)).toBe(true);
  });
});
