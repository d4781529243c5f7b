/**
 * Page measures shared by w3kit's page and the floor page (both carry init-script.mjs): how fast
 * the button becomes usable after navigation, and how fast a click paints the dialog.
 */
import { TIMEOUT } from '../harness.mjs';

/** performance.now() when the button was first enabled and sized; records where the time went. */
export const buttonUsable = {
  id: 'buttonUsable',
  async run({ page, guard, state }) {
    await guard(page.waitForFunction(() => window.__benchButtonUsable !== undefined, null, { timeout: TIMEOUT, polling: 50 }));
    // Where the time went: HTML received, scripts received, elements defined.
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const scripts = performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
      return {
        usable: window.__benchButtonUsable,
        html: nav?.responseEnd,
        scripts: scripts.length ? Math.max(...scripts.map((e) => e.responseEnd)) : undefined,
        defined: window.__benchDefined,
      };
    });
    state.breakdown = t;
    return t.usable;
  },
};

/** From the click event's timeStamp to the frame after the dialog first has a size. */
export const clickToModalPainted = {
  id: 'clickToModalPainted',
  async run({ page, guard, state, click }) {
    await guard(page.locator(click).click({ timeout: TIMEOUT }));
    await guard(page.waitForFunction(() => window.__benchModalPainted !== undefined, null, { timeout: TIMEOUT, polling: 50 }));
    const { clickTs, dispatched, found, painted } = await page.evaluate(() => ({
      clickTs: window.__benchClickTimeStamp,
      dispatched: window.__benchClickDispatched,
      found: window.__benchModalFound,
      painted: window.__benchModalPainted,
    }));
    if (typeof clickTs !== 'number') throw new Error('the click listener saw no click');
    state.clickToDialogFound = found - clickTs;
    state.clickDispatchDelay = dispatched - clickTs;
    return painted - clickTs;
  },
};
