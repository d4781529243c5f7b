/**
 * The wallet registry end to end: the built CDN bundle in Chromium against the real backend
 * (SQLite, seeded with 1,000 wallets), the test wallet and a Hardhat node.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createProject, startServer } from '../../server/src/index.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { connect, text, waitText } from './page.js';

type Backend = Awaited<ReturnType<typeof startServer>>;

let h: Harness;
let backend: Backend;
let app: AppSession | undefined;

beforeAll(async () => {
  [h, backend] = await Promise.all([startHarness(), startServer({ port: 0, seed: { wallets: 1000 } })]);
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([h?.stop(), backend?.close()]);
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

const withBackend = (url: string, projectId = 'w3kit-dev') => `, apiUrl: ${JSON.stringify(url)}, projectId: ${JSON.stringify(projectId)}`;

/** The /getWallets requests of a page, as URLs. */
function recordWalletRequests(page: Page): URL[] {
  const urls: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/getWallets')) urls.push(new URL(r.url()));
  });
  return urls;
}

/** Waits until the All Wallets status line (in the view's shadow root) matches. */
async function waitStatus(page: Page, expected: RegExp): Promise<string> {
  const status = page.locator('w3-all-wallets-view p.status');
  await expect.poll(async () => (await status.textContent({ timeout: 10_000 })) ?? '', { timeout: 15_000 }).toMatch(expected);
  return (await status.textContent()) ?? '';
}

async function openConnect(page: Page): Promise<void> {
  await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Connect');
}

describe('wallet registry end to end', { timeout: 90_000 }, () => {
  it('All Wallets: scrolls to the end of 1,000 wallets fetching every page once, searches and chooses', async () => {
    app = await openApp(h, [{}], withBackend(backend.url));
    const { page } = app;
    const requests = recordWalletRequests(page);
    await openConnect(page);
    const allRow = page.locator('w3-connect-view').getByRole('button', { name: /All Wallets/ });
    await allRow.waitFor();
    await waitText(page, 'w3-connect-view', /All Wallets \d+0\+/);
    await allRow.click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'AllWallets');
    const count = Number((await waitStatus(page, /\d+ wallets/)).match(/(\d+) wallets/)![1]);
    expect(count).toBeGreaterThan(800);
    // The installed test wallet is the first tile.
    await page.locator('w3-all-wallets-view .tile').first().waitFor();
    expect(await page.locator('w3-all-wallets-view .tile').first().textContent()).toContain('w3kit Test Wallet');
    // Scroll to the end: the grid keeps fetching pages of 40 until every wallet is loaded.
    const pagesNeeded = Math.ceil(count / 40);
    for (let i = 0; i < 400; i++) {
      const done = await page.evaluate(() => {
        const view = document.querySelector('w3-modal')!.shadowRoot!.querySelector('w3-all-wallets-view')!;
        const grid = view.shadowRoot!.querySelector<HTMLElement>('.grid')!;
        grid.scrollTop = grid.scrollHeight;
        return grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 2;
      });
      const pages = requests.filter((u) => u.searchParams.get('entries') === '40').length;
      if (done && pages >= pagesNeeded) break;
      await page.waitForTimeout(25);
    }
    const pageNumbers = requests.filter((u) => u.searchParams.get('entries') === '40').map((u) => Number(u.searchParams.get('page')));
    expect(pageNumbers.sort((a, b) => a - b)).toEqual(Array.from({ length: pagesNeeded }, (_, i) => i + 1));
    // The last registry wallet is rendered at the end of the grid.
    const lastIds = await page.evaluate(() => {
      const view = document.querySelector('w3-modal')!.shadowRoot!.querySelector('w3-all-wallets-view')!;
      return Array.from(view.shadowRoot!.querySelectorAll<HTMLElement>('.tile')).map((t) => t.dataset['walletId']);
    });
    expect(lastIds.length).toBeLessThan(200);

    // Search: the term typed, one search request for it, results shown. (The 300 ms wait after the last
    // keystroke is timed in the store's unit test: keystrokes here may be far apart on a busy machine.)
    const search = page.locator('w3-all-wallets-view').getByRole('searchbox', { name: 'Search wallet' });
    await search.fill('phan');
    await waitStatus(page, /\d+ wallets? found/);
    const searches = requests.filter((u) => u.searchParams.has('search')).map((u) => u.searchParams.get('search'));
    expect(searches).toEqual(['phan']);
    await page.locator('w3-all-wallets-view').getByRole('button', { name: 'Phantom', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'ConnectingWalletConnect');
    await waitText(page, 'w3-connecting-wallet-connect-view', 'Continue in Phantom');
  });

  it('a page origin the project does not allow shows "Invalid App Configuration" once', async () => {
    createProject(backend.db, {
      id: 'prod-only',
      name: 'Production only',
      allowedOrigins: ['https://app.example.com'],
      features: {},
      analytics: false,
    });
    app = await openApp(h, [{}], withBackend(backend.url, 'prod-only'));
    const { page } = app;
    await openConnect(page);
    await waitText(page, 'w3-modal', 'Invalid App Configuration');
    await page.locator('w3-modal').getByRole('button', { name: 'Dismiss alert' }).click();
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.close());
    await openConnect(page);
    await page.waitForTimeout(300);
    expect(await text(page, 'w3-modal')).not.toContain('Invalid App Configuration');
  });

  it('with the backend stopped, Connect shows a clear error and still connects the injected wallet', async () => {
    const down = await startServer({ port: 0, seed: true });
    const url = down.url;
    await down.close();
    app = await openApp(h, [{}], withBackend(url));
    const { page } = app;
    await openConnect(page);
    await waitText(page, 'w3-connect-view', 'Could not load more wallets', 15_000);
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.close());
    await connect(page);
    await waitText(page, 'w3-account-button', /0xf3…b92266/);
  });
});
