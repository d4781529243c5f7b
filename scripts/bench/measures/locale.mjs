/**
 * Switching the locale live (issue 13): with the modal open on Connect, `setLocale()` to each of
 * SWITCHES in turn; each switch is timed from the call to the next animation frame after the
 * dialog's title text changed (the first one loads the localization runtime and its chunk too).
 */
import { TIMEOUT } from '../harness.mjs';

/** The locales switched to, in order: a Latin, a CJK, a right-to-left one, and back to English. */
export const SWITCHES = ['de', 'ja', 'ar', 'en'];

/** Runs in the page: times `setLocale(locale)` for each locale on `<w3-modal>`, as above. */
export async function timeSwitches({ locales, selector, limitMs }) {
  const modal = document.querySelector('w3-modal');
  if (!modal?.shadowRoot || !modal.modal) throw new Error('no open <w3-modal> with an instance');
  const text = () => modal.shadowRoot.querySelector(selector)?.textContent?.trim() ?? '';
  const times = [];
  for (const locale of locales) {
    const before = text();
    let observer;
    let timer;
    const start = performance.now();
    const changed = new Promise((resolve, reject) => {
      observer = new MutationObserver(() => {
        if (text() === before) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      });
      observer.observe(modal.shadowRoot, { subtree: true, childList: true, characterData: true });
      timer = setTimeout(() => reject(new Error(`the title stayed "${before}" ${limitMs} ms after setLocale('${locale}')`)), limitMs);
    });
    try {
      await modal.modal.setLocale(locale);
      times.push(await changed);
    } finally {
      observer.disconnect();
      clearTimeout(timer);
    }
  }
  return times;
}

/** The median switch of one page load; each switch's time is kept in `state.localeSwitches`. */
export const localeSwitch = {
  id: 'localeSwitch',
  async run({ page, guard, state, click }) {
    await guard(page.locator(click).click({ timeout: TIMEOUT }));
    await guard(
      page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Connect', null, { timeout: TIMEOUT }),
    );
    const times = await guard(page.evaluate(timeSwitches, { locales: SWITCHES, selector: '#w3-modal-title', limitMs: 5_000 }));
    state.localeSwitches = Object.fromEntries(SWITCHES.map((l, i) => [l, times[i]]));
    const sorted = [...times].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  },
};
