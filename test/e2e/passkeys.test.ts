/**
 * Passkeys end to end (issue 16), with Chromium's virtual authenticator (CTAP2, resident keys,
 * PRF) covering the page and the frame inside it: a user who logged in by e-mail adds a passkey
 * through the frame's own 'Create passkey' button; after disconnecting and clearing both origins'
 * storage (a new device with the same synced passkey), the passkey alone logs in to the same
 * wallet, its device share rebuilt from the PRF-wrapped recovery share; removing the passkey
 * stops it working.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAuthenticator, clearOrigins } from './embedded-probe.js';
import { afterConnect } from './page.js';
import {
  appBase,
  clickInFrame,
  login,
  modal,
  newEmail,
  openApp,
  startEmbedded,
  waitView,
  type EmbeddedHarness,
} from './embedded-harness.js';

let eh: EmbeddedHarness;
let p: Page;
let cdp: CDPSession;
let authenticatorId: string;

const addresses = (page: Page) =>
  page.evaluate(() => ({
    evm: (window as any).modal.getAccount('eip155').address,
    sol: (window as any).modal.getAccount('solana').address,
  }));

async function openPasskeys(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).modal.open({ view: 'Account' }));
  await modal(page).getByRole('button', { name: 'Passkeys' }).click();
  await waitView(page, 'Passkeys');
}

/** Disconnects, clears both origins' storage and reloads: a new device as far as the sites can tell. */
async function asNewDevice(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).modal.disconnect());
  await clearOrigins(cdp, [appBase(eh), new URL(eh.backend.frameUrl).origin]);
  await page.reload();
  await page.waitForFunction(() => (window as any).modal !== undefined);
}

beforeAll(async () => {
  eh = await startEmbedded();
  const context = await eh.h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  p = await openApp(eh, context);
  ({ cdp, authenticatorId } = await addAuthenticator(p));
}, 240_000);
afterAll(async () => {
  await eh?.stop();
});

describe('embedded wallet: passkeys', { timeout: 180_000 }, () => {
  it('adds a passkey in the frame, logs in with it alone on a new device to the same wallet, and stops working once removed', async () => {
    await login(eh, p, newEmail('passkey'));
    const first = await addresses(p);

    // Add: the frame's own screen, its own button.
    await openPasskeys(p);
    await modal(p).getByRole('button', { name: 'Add a passkey' }).click();
    await waitView(p, 'ApproveTransaction');
    await clickInFrame(p, 'Create passkey');
    await waitView(p, 'Passkeys', 30_000);
    await expect.poll(() => modal(p).getByText('Protects your recovery key').count(), { timeout: 20_000 }).toBe(1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe('localhost');

    // A new device: the passkey alone, no e-mail, the same addresses.
    await asNewDevice(p);
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await modal(p)
      .getByRole('button', { name: /passkey/i })
      .click();
    await afterConnect(p, 30_000);
    await p.waitForFunction(() => (window as any).modal.getAccount('solana').isConnected === true, null, { timeout: 15_000 });
    expect(await addresses(p)).toEqual(first);

    // It signs: the device share was rebuilt from the PRF-wrapped recovery share.
    await p.evaluate(() => void (window as any).modal.signMessage('after passkey', { namespace: 'eip155' }).catch(() => undefined));
    await waitView(p, 'ApproveTransaction');
    await clickInFrame(p, 'Reject');

    // Remove it (the last one holding the recovery key: confirmed), then it no longer logs in.
    await openPasskeys(p);
    await modal(p)
      .getByRole('button', { name: /^Remove / })
      .click();
    await modal(p).getByRole('button', { name: 'Remove passkey' }).click();
    await expect.poll(() => modal(p).getByText('Protects your recovery key').count(), { timeout: 20_000 }).toBe(0);
    await asNewDevice(p);
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await modal(p)
      .getByRole('button', { name: /passkey/i })
      .click();
    await expect.poll(() => modal(p).getByRole('alert').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await p.evaluate(() => (window as any).modal.getAccount('eip155').isConnected)).toBe(false);
  });
});
