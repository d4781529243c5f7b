/**
 * Keyboard only, end to end (issue 13): the built CDN bundle in Chromium, the test EIP-1193 wallet
 * and two Hardhat nodes. No mouse event at all: only page.keyboard. After each step the test
 * checks where focus is (through shadow roots).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseEther } from 'viem';
import type { Page } from 'playwright-core';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { afterConnect } from './page.js';

const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let h: Harness;
let app: AppSession | undefined;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

interface Focused {
  /** Local names of the element with focus and of the shadow hosts around it, outermost first. */
  path: string[];
  /** Its text (through its shadow root and slots), aria-label or label. */
  name: string;
}

/** Where focus is: the deep active element and its hosts. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const path: string[] = [];
    for (let n: Node | null = el; n; n = n instanceof ShadowRoot ? n.host : n.parentNode)
      if (n instanceof Element) path.unshift(n.localName);
    const host = el?.getRootNode() instanceof ShadowRoot ? (el.getRootNode() as ShadowRoot).host : null;
    const textOf = (n: Node): string => {
      if (n instanceof HTMLSlotElement) return n.assignedNodes({ flatten: true }).map(textOf).join(' ');
      if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? '';
      const own = Array.from(n.childNodes).map(textOf).join(' ');
      return n instanceof Element && n.shadowRoot ? Array.from(n.shadowRoot.childNodes).map(textOf).join(' ') + own : own;
    };
    const name = [el?.getAttribute('aria-label'), host?.getAttribute('label'), el ? textOf(el) : ''].filter(Boolean).join(' ');
    return { path, name: name.replace(/\s+/g, ' ').trim() };
  });
}

/** Presses `key` until focus is on an element whose name matches (at most `max` presses). */
async function pressUntil(page: Page, key: string, name: RegExp, max = 40): Promise<Focused> {
  for (let i = 0; i <= max; i++) {
    const f = await focused(page);
    if (name.test(f.name)) return f;
    await page.keyboard.press(key);
  }
  throw new Error(`focus never reached ${String(name)}; it is on ${JSON.stringify(await focused(page))}`);
}

const view = (page: Page, name: string) =>
  page.waitForFunction((n) => document.querySelector('w3-modal')!.modal.getState().view === n, name, { timeout: 10_000 });
/** Waits until focus is inside `host` (a view's element). */
async function focusIn(page: Page, host: string): Promise<Focused> {
  await expect.poll(async () => (await focused(page)).path.includes(host), { timeout: 5000 }).toBe(true);
  return focused(page);
}

describe('keyboard only', { timeout: 120_000 }, () => {
  it('connects, switches network, sends and disconnects with the keyboard; focus is always where it should be', async () => {
    app = await openApp(h);
    const { page } = app;
    // Open the modal from the page's button: Tab to it, Enter.
    const opener = await pressUntil(page, 'Tab', /^Connect Wallet$/);
    expect(opener.path).toContain('w3-connect-button');
    await page.keyboard.press('Enter');
    await view(page, 'Connect');
    // Focus moved into the view; the wallets list is one tab stop, arrows move in it.
    await focusIn(page, 'w3-connect-view');
    const wallet = await pressUntil(page, 'ArrowDown', /w3kit Test Wallet/, 10);
    expect(wallet.path).toContain('w3-ui-list-item');
    await page.keyboard.press('Enter');
    // The connection closes the modal (issue 28); the account button opens Account again.
    await afterConnect(page, 10_000, false);
    await page.locator('w3-account-button').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await view(page, 'Account');
    await focusIn(page, 'w3-account-view');

    // Switch network: the Network row, then Chain B in the Networks list by arrows.
    await pressUntil(page, 'Tab', /Network Localhost/);
    await page.keyboard.press('Enter');
    await view(page, 'Networks');
    await focusIn(page, 'w3-networks-view');
    await pressUntil(page, 'ArrowDown', /Chain B/, 5);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('w3-modal')!.modal.getNetwork()?.caipNetworkId === 'eip155:31338', null, {
      timeout: 10_000,
    });
    // Focus stays in the modal's view (never on the body).
    await expect.poll(async () => (await focused(page)).path.includes('w3-modal'), { timeout: 5000 }).toBe(true);

    // Send 0.01 ETH on Chain B: fill the form by keyboard.
    if ((await page.evaluate(() => document.querySelector('w3-modal')!.modal.getState().view)) !== 'Account') {
      await pressUntil(page, 'Tab', /^Back$/);
      await page.keyboard.press('Enter');
      await view(page, 'Account');
      await focusIn(page, 'w3-account-view');
    }
    const chainB = createPublicClient({ transport: http(h.chainB.url) });
    const before = await chainB.getBalance({ address: A1 });
    await pressUntil(page, 'Tab', /^Send$/);
    await page.keyboard.press('Enter');
    await view(page, 'WalletSend');
    await focusIn(page, 'w3-wallet-send-view');
    await pressUntil(page, 'Tab', /^Amount/);
    await page.keyboard.type('0.01');
    await pressUntil(page, 'Tab', /^To/);
    await page.keyboard.type(A1);
    await pressUntil(page, 'Tab', /^Preview send$/);
    await page.keyboard.press('Enter');
    await pressUntil(page, 'Tab', /^Send$/);
    await page.keyboard.press('Enter');
    await view(page, 'Account');
    await expect.poll(() => chainB.getBalance({ address: A1 }), { timeout: 15_000 }).toBe(before + parseEther('0.01'));
    // The toast came and went; focus stayed in the view.
    await focusIn(page, 'w3-account-view');

    // Disconnect: focus goes back to the page's connect button.
    await pressUntil(page, 'Tab', /^Disconnect$/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('w3-modal')!.hasAttribute('open'), null, { timeout: 10_000 });
    await expect.poll(async () => (await focused(page)).name, { timeout: 5000 }).toBe('Connect Wallet');
    expect((await focused(page)).path).toContain('w3-connect-button');
  });
});
