/**
 * Registering a name end to end: the built CDN bundle in Chromium, the test EIP-1193 wallet
 * (its personal_sign), a Hardhat node, and the real backend (name registry over SQLite, the
 * Blockchain API reading the node). The name then shows in the account button and the Account
 * view and resolves in Send; a taken name offers suggestions; a 3-character name and one with a
 * dot or a space are refused with their texts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, http, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { axeViolations, connect, waitText } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

let h: Harness;
let backend: RunningServer;
let app: AppSession | undefined;

beforeAll(async () => {
  h = await startHarness();
  backend = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: false, framePort: false, evmRpc: h.chainA.url });
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([backend?.close()]);
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

const withApi = () => `, blockchainApiUrl: ${JSON.stringify(backend.url)}, projectId: ${JSON.stringify(DEV_PROJECT_ID)}`;
const view = (page: Page) => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
const nameInput = (page: Page) => page.locator('w3-register-account-name-view w3-ui-text-input input');
const availability = (page: Page) => page.locator('w3-register-account-name-view [data-availability]');
/** Text of the first match of a Playwright selector (its CSS pierces open shadow roots), spaces collapsed. */
async function shown(page: Page, selector: string): Promise<string> {
  const loc = page.locator(selector).first();
  if ((await loc.count()) === 0) return '';
  return ((await loc.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}
const fieldError = (page: Page) => page.locator('w3-register-account-name-view w3-ui-text-input p.error');

/** Another account registers `name` through the API (signed by its own key). */
async function takeName(name: string): Promise<void> {
  const other = privateKeyToAccount(generatePrivateKey());
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
  const res = await fetch(`${backend.url}/v1/profile/account?projectId=${DEV_PROJECT_ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: h.baseUrl },
    body: JSON.stringify({ coin_type: 60, address: other.address, message, signature: await other.signMessage({ message }) }),
  });
  expect(res.status).toBe(200);
}

async function openRegister(page: Page): Promise<void> {
  await connect(page);
  await page.locator('w3-account-view').getByRole('button', { name: 'Choose name' }).click();
  await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'RegisterAccountName');
}

describe('Registering a name end to end', { timeout: 90_000 }, () => {
  it('refuses a 3-character name and one with a dot or a space; a taken name offers suggestions', async () => {
    const taken = `taken${Date.now() % 1_000_000}`;
    await takeName(`${taken}.w3kit.id`);
    app = await openApp(h, [{}], withApi());
    const { page } = app;
    await openRegister(page);
    await expect.poll(() => page.locator('w3-register-account-name-view [data-suffix]').textContent()).toBe('.w3kit.id');
    const register = page.locator('w3-register-account-name-view').getByRole('button', { name: 'Register' });

    await nameInput(page).fill('abc');
    await expect.poll(() => fieldError(page).textContent()).toBe('Name must be at least 4 characters');
    await nameInput(page).fill('ab.cd');
    await expect.poll(() => fieldError(page).textContent()).toBe('Use only letters, digits and hyphens');
    await nameInput(page).fill('ab cd');
    await expect.poll(() => fieldError(page).textContent()).toBe('Use only letters, digits and hyphens');
    expect(await register.isDisabled()).toBe(true);

    await nameInput(page).fill(taken);
    await expect.poll(() => availability(page).textContent()).toBe('Name taken');
    expect(await register.isDisabled()).toBe(true);
    const suggestions = page.locator('w3-register-account-name-view [data-suggestions] button');
    await expect.poll(() => suggestions.count()).toBeGreaterThan(2);
    const first = (await suggestions.first().textContent())!.trim();
    expect(first.startsWith(taken)).toBe(true);
    await suggestions.first().click();
    await expect.poll(() => availability(page).textContent()).toBe('Available');
    expect(await nameInput(page).inputValue()).toBe(first);
    expect(await register.isDisabled()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // A registration for the wallet's account signed by another key is refused with its reason.
    const message = JSON.stringify({ name: `${first}.w3kit.id`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
    const forged = await fetch(`${backend.url}/v1/profile/account?projectId=${DEV_PROJECT_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: h.baseUrl },
      body: JSON.stringify({
        coin_type: 60,
        address: A0,
        message,
        signature: await privateKeyToAccount(generatePrivateKey()).signMessage({ message }),
      }),
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).reasons[0].description).toBe(`Invalid signature: the message is not signed by ${A0}`);
  });

  it("opens with modal.open({ view: 'RegisterAccountName' }); a refusal in the wallet shows 'Signature declined', nothing registered", async () => {
    app = await openApp(h, [{}], withApi());
    const { page } = app;
    await connect(page);
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'RegisterAccountName' }));
    await nameInput(page).fill(`refused${Date.now() % 1_000_000}`);
    await expect.poll(() => availability(page).textContent()).toBe('Available');
    await page.evaluate(() => (window as unknown as { testWallets: { setMode(m: string): void }[] }).testWallets[0]!.setMode('reject'));
    await nameInput(page).press('Enter');
    await expect.poll(() => shown(page, 'w3-register-account-name-view [data-error]')).toBe('Signature declined');
    expect(await view(page)).toBe('RegisterAccountName');
    const identity = await fetch(`${backend.url}/v1/identity/${A0}?projectId=${DEV_PROJECT_ID}`, { headers: { origin: h.baseUrl } });
    expect(await identity.json()).toEqual({ name: null, avatar: null });
  });

  it('registers with the wallet; the button and Account view show the name, and Send resolves it', async () => {
    const label = `alice${Date.now() % 1_000_000}`;
    const name = `${label}.w3kit.id`;
    app = await openApp(h, [{}], withApi());
    const { page } = app;
    await openRegister(page);
    await nameInput(page).fill(label);
    await expect.poll(() => availability(page).textContent()).toBe('Available');
    await page.locator('w3-register-account-name-view').getByRole('button', { name: 'Register' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'RegisterAccountNameSuccess', null, {
      timeout: 10_000,
    });
    await expect.poll(() => shown(page, 'w3-register-account-name-success-view [data-name]')).toBe(name);

    // The backend has it, signed by the wallet's account.
    const identity = await fetch(`${backend.url}/v1/identity/${A0}?projectId=${DEV_PROJECT_ID}`, { headers: { origin: h.baseUrl } });
    expect(await identity.json()).toEqual({ name, avatar: null });

    // The account button and the Account view show it at once (the identity cache was refreshed).
    await waitText(page, 'w3-button', name);
    await page.locator('w3-register-account-name-success-view').getByRole('button', { name: 'Back to account' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account');
    await expect.poll(() => shown(page, 'w3-account-view [data-name]')).toBe(name);
    expect(await page.locator('w3-account-view [data-choose-name]').count()).toBe(0);

    // Send resolves the name to the account's address, and the transaction goes there.
    const sent = page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'WalletSend' }));
    await page.locator('w3-wallet-send-view w3-ui-text-input[label="Amount"] input').fill('0.01');
    await page.locator('w3-wallet-send-view w3-ui-text-input[label="To"] input').fill(name.toUpperCase());
    await expect.poll(() => shown(page, 'w3-wallet-send-view [data-receiver-address]'), { timeout: 10_000 }).toBe('0xf3…b92266');
    await page.locator('w3-wallet-send-view').getByRole('button', { name: 'Preview send' }).click();
    await page.locator('w3-wallet-send-view').getByRole('button', { name: 'Send', exact: true }).click();
    const hash = (await sent) as Hash;
    const receipt = await createPublicClient({ transport: http(h.chainA.url) }).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(A0.toLowerCase());
    expect(await view(page)).toBe('Account');
  });
});
