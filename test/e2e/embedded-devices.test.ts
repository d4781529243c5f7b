/**
 * Devices end to end (issue 32, section 4) with the real backend, frame site, SMTP sink and
 * Chromium: a new user gets one mail (the code); the same account in a second browser gets the
 * approval mail naming the device and when it asked; Devices lists both, this one marked;
 * removing the other device makes its next request refused; removing this device logs out.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isCodeMail, login, mailsTo, modal, newEmail, openApp, startEmbedded, waitView, type EmbeddedHarness } from './embedded-harness.js';

let eh: EmbeddedHarness;
const contexts: BrowserContext[] = [];
const newContext = async () => {
  const c = await eh.h.browser.newContext();
  contexts.push(c);
  return c;
};
const connected = (p: Page) => p.evaluate(() => (window as any).modal.getAccount('eip155').isConnected as boolean);
const deviceRows = (p: Page) => modal(p).locator('w3-devices-view li[data-device]');

beforeAll(async () => {
  eh = await startEmbedded();
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
});
afterAll(async () => {
  await eh?.stop();
});

describe('embedded wallet: devices', { timeout: 240_000 }, () => {
  it('one mail for a new user; a second browser gets the approval mail naming it; Devices lists both; removing the other refuses it, removing this one logs out', async () => {
    const email = newEmail('devices');
    const first = await openApp(eh, await newContext());
    const since = Date.now() - 1000;
    await login(eh, first, email);
    expect((await mailsTo(eh, email, since)).map(isCodeMail)).toEqual([true]);

    const second = await openApp(eh, await newContext());
    const secondSince = Date.now() - 1000;
    await login(eh, second, email, { approval: true });
    const approval = (await mailsTo(eh, email, secondSince)).find((m) => !isCodeMail(m))!;
    expect(approval.text).toMatch(/Device: (Chrome|A browser) on Linux/);
    expect(approval.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    // Account, then Devices: both, this one marked.
    await modal(second).getByRole('button', { name: 'Devices' }).click();
    await waitView(second, 'Devices');
    await expect.poll(() => deviceRows(second).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => modal(second).locator('w3-devices-view [data-this]').count()).toBe(1);

    // Remove the other device (the first browser), confirmed: its next request is refused.
    const other = deviceRows(second).filter({ hasNot: second.locator('[data-this]') });
    await other.getByRole('button', { name: /^Remove / }).click();
    await modal(second).getByRole('button', { name: 'Remove device' }).click();
    await expect.poll(() => deviceRows(second).count(), { timeout: 20_000 }).toBe(1);
    await first.reload();
    await first.waitForTimeout(3000);
    expect(await connected(first)).toBe(false);

    // Remove this device: logged out here.
    await deviceRows(second)
      .getByRole('button', { name: /^Remove / })
      .click();
    await modal(second).getByRole('button', { name: 'Remove device' }).click();
    await expect.poll(() => connected(second), { timeout: 20_000 }).toBe(false);
  });
});
