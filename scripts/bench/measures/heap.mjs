/**
 * JS heap after opening: w3kit's page with its modal open, and an empty page after the same
 * Playwright steps (Playwright's injected script alone is over 1 MB), so the difference is w3kit's.
 */
import { TIMEOUT } from '../harness.mjs';

const MB = 1024 * 1024;

async function usedHeap(cdp, guard) {
  await guard(cdp.send('HeapProfiler.collectGarbage'));
  const { usedSize } = await guard(cdp.send('Runtime.getHeapUsage'));
  return usedSize / MB;
}

/** On w3kit's page, after clickToModalPainted: the modal open on Connect, settled, then GC. */
export const heapAfterOpen = {
  id: 'heapAfterOpen',
  async run({ page, cdp, guard }) {
    await guard(
      page.waitForFunction(
        () => {
          const m = document.querySelector('w3-modal');
          return !!m && m.hasAttribute('open') && m.getAttribute('view') === 'Connect';
        },
        null,
        { timeout: TIMEOUT, polling: 50 },
      ),
    );
    // Let the open modal settle: pending Lit updates and two frames.
    await guard(
      page.evaluate(async () => {
        await document.querySelector('w3-modal').updateComplete;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }),
    );
    return usedHeap(cdp, guard);
  },
};

/** On the empty page: the same waits, a click on its button, two frames, GC. */
export const emptyPageHeap = {
  id: 'heapAfterOpen',
  async run({ page, cdp, guard }) {
    await guard(page.waitForFunction(() => document.readyState === 'complete', null, { timeout: TIMEOUT, polling: 50 }));
    await guard(page.locator('button').click({ timeout: TIMEOUT }));
    await guard(page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
    return usedHeap(cdp, guard);
  },
};
