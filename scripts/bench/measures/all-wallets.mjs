/**
 * All Wallets with 1,000 wallets from the backend's registry: open to the first row, long tasks
 * while scrolling to the end at a person's pace (a wheel gesture every 100 ms), and a keystroke
 * to search results. Run in this order on one load of the registry page.
 */
import { TIMEOUT } from '../harness.mjs';

/** Pixels per wheel gesture: a flick of a few notches. */
export const WHEEL_DELTA = 600;
/** Time between gestures. */
export const WHEEL_INTERVAL_MS = 100;
const SCROLL_DEADLINE_MS = 60_000;

/** Click on the All Wallets row (its timeStamp) to the frame after the first tile has a size. */
export const allWalletsFirstRow = {
  id: 'allWalletsFirstRow',
  async run({ page, guard, click }) {
    await guard(page.locator(click).click({ timeout: TIMEOUT }));
    const row = page.locator('w3-connect-view').getByRole('button', { name: /All Wallets/ });
    await guard(row.waitFor({ timeout: TIMEOUT }));
    await guard(
      page.evaluate(() => {
        window.__benchRowClick = undefined;
        window.__benchFirstTile = undefined;
        document.addEventListener('click', (e) => (window.__benchRowClick ??= e.timeStamp), { capture: true, once: true });
        const tile = () => {
          const view = document.querySelector('w3-modal')?.shadowRoot?.querySelector('w3-all-wallets-view');
          const r = view?.shadowRoot?.querySelector('.tile')?.getBoundingClientRect();
          return !!r && r.width > 0 && r.height > 0;
        };
        const frame = () => {
          if (tile()) requestAnimationFrame(() => (window.__benchFirstTile = performance.now()));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    );
    await guard(row.click({ timeout: TIMEOUT }));
    await guard(page.waitForFunction(() => window.__benchFirstTile !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
    return page.evaluate(() => window.__benchFirstTile - window.__benchRowClick);
  },
};

/** Wheel gestures over the grid every 100 ms until the last of the wallets is loaded and shown; counts tasks over 50 ms. */
export const allWalletsScrollLongTasks = {
  id: 'allWalletsScrollLongTasks',
  timeout: SCROLL_DEADLINE_MS + 10_000,
  async run({ page, guard, state }) {
    await guard(
      page.evaluate(() => {
        window.__benchLongTasks = [];
        window.__benchLongTaskObserver = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__benchLongTasks.push(e.duration);
        });
        window.__benchLongTaskObserver.observe({ type: 'longtask' });
        window.__benchScrollStart = performance.now();
      }),
    );
    const box = await guard(page.locator('w3-all-wallets-view .grid').boundingBox());
    if (!box) throw new Error('the wallet grid has no box');
    await guard(page.mouse.move(box.x + box.width / 2, box.y + box.height / 2));
    // Gestures on a fixed schedule (one every WHEEL_INTERVAL_MS from the start, not 100 ms after
    // the previous one returned), checking for the end of the list every few gestures.
    const start = Date.now();
    let gestures = 0;
    for (;;) {
      const due = start + gestures * WHEEL_INTERVAL_MS;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      await guard(page.mouse.wheel(0, WHEEL_DELTA));
      gestures++;
      if (gestures % 5 !== 0) continue;
      // data-loaded / data-total: registry wallets loaded so far, and how many there are.
      const atEnd = await guard(
        page.evaluate(() => {
          const view = document.querySelector('w3-modal').shadowRoot.querySelector('w3-all-wallets-view');
          const grid = view.shadowRoot.querySelector('.grid');
          const { loaded, total } = view.dataset;
          return grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 2 && Number(total) > 0 && Number(loaded) >= Number(total);
        }),
      );
      if (atEnd) break;
      if (Date.now() - start > SCROLL_DEADLINE_MS)
        throw new Error(`did not reach the end of the wallet list in ${SCROLL_DEADLINE_MS / 1000} s`);
    }
    const result = await guard(
      page.evaluate(async () => {
        await new Promise((r) => requestAnimationFrame(r));
        window.__benchLongTaskObserver.disconnect();
        const tasks = window.__benchLongTasks;
        const view = document.querySelector('w3-modal').shadowRoot.querySelector('w3-all-wallets-view');
        return {
          count: tasks.length,
          longest: tasks.length ? Math.max(...tasks) : 0,
          ms: performance.now() - window.__benchScrollStart,
          wallets: Number(view.dataset.total),
        };
      }),
    );
    state.scroll = { ...result, gestures };
    return result.count;
  },
};

/** From the last keystroke's timeStamp to the frame after the results show (the spec waits at least 300 ms). */
export const searchKeystrokeToResults = {
  id: 'searchKeystrokeToResults',
  async run({ page, guard }) {
    const input = page.locator('w3-all-wallets-view').getByRole('searchbox', { name: 'Search wallet' });
    await guard(input.click({ timeout: TIMEOUT }));
    await guard(
      page.evaluate(() => {
        window.__benchKey = undefined;
        window.__benchResults = undefined;
        document.addEventListener('keydown', (e) => (window.__benchKey = e.timeStamp), { capture: true });
        const view = document.querySelector('w3-modal').shadowRoot.querySelector('w3-all-wallets-view');
        const frame = () => {
          const status = view.shadowRoot.querySelector('.status')?.textContent ?? '';
          if (/found/.test(status)) requestAnimationFrame(() => (window.__benchResults = performance.now()));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    );
    await guard(input.pressSequentially('meta', { delay: 40, timeout: TIMEOUT }));
    await guard(page.waitForFunction(() => window.__benchResults !== undefined, null, { timeout: TIMEOUT, polling: 20 }));
    return page.evaluate(() => window.__benchResults - window.__benchKey);
  },
};
