/**
 * The visual tests' shots (issue 35, section 3): which ones, and taking them in Chromium.
 *
 * Each gallery state (demo/gallery: `window.w3Gallery.states`) at 1280 × 800 and 375 × 667, light
 * and dark, in `en` and `ar`: 8 shots a state, each a page of the gallery's contract URL
 * `/gallery/?state=<id>&theme=<theme>&locale=<code>&width=<width>`, shot once the page sets
 * `document.documentElement.dataset.galleryReady = 'true'`.
 *
 * Deterministic shots: device scale factor 1, a fixed viewport (not the full page), reduced motion,
 * light colour scheme (the theme comes from the URL), UTC, animations stopped and the caret hidden
 * at the shot (Playwright), sRGB colours and greyscale anti-aliasing (no LCD text), and only the
 * fonts the machine has (no web font is loaded: the gallery uses the modal's system font stack).
 *
 * One browser; `concurrency` pages (2 by default: the machine has 2 cores) take shots in turn.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';

/** The viewports: the desktop and the phone of the issue (375 × 667). */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];
export const THEMES = ['light', 'dark'];
export const LOCALES = ['en', 'ar'];
/** How long one state may take to say it is ready. */
const READY_TIMEOUT_MS = 30_000;

/** A shot's file name without `.png`: `<state>.<locale>-<theme>-<width>`. */
export function shotName({ state, locale, theme, width }) {
  return `${state}.${locale}-${theme}-${width}`;
}

/** Every shot of the given states, each state's 8 together (state order kept). */
export function shotList(states) {
  const shots = [];
  for (const state of states)
    for (const locale of LOCALES)
      for (const theme of THEMES)
        for (const { width, height } of VIEWPORTS) {
          const shot = { state, locale, theme, width, height };
          shots.push({ ...shot, name: shotName(shot) });
        }
  return shots;
}

/** The gallery's URL path for a shot (its contract). */
export function shotPath({ state, theme, locale, width }) {
  const query = new URLSearchParams({ state, theme, locale, width: String(width) });
  return `/gallery/?${query}`;
}

/** Chromium for the shots (CHROME_PATH, set by the caller). */
export function launchBrowser(executablePath) {
  return chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, '--force-color-profile=srgb', '--disable-lcd-text', '--font-render-hinting=none'],
  });
}

/** A page set up for deterministic shots. */
async function shotPage(browser) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[0],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/** The gallery's list of state ids (`window.w3Gallery.states` on its index). */
export async function listStates(browser, baseUrl) {
  const { context, page } = await shotPage(browser);
  try {
    await page.goto(`${baseUrl}/gallery/`);
    await page.waitForFunction(() => Array.isArray(window.w3Gallery?.states), null, { timeout: READY_TIMEOUT_MS });
    const states = await page.evaluate(() => window.w3Gallery.states);
    if (states.length === 0) throw new Error('the gallery lists no state (window.w3Gallery.states is empty)');
    const bad = states.filter((s) => typeof s !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*--[a-z0-9]+(-[a-z0-9]+)*$/.test(s));
    if (bad.length > 0) throw new Error(`gallery state ids not in <view>--<state> kebab-case: ${bad.join(', ')}`);
    return states;
  } finally {
    await context.close();
  }
}

/** Takes one shot: the page at its viewport and URL, once the gallery says it is ready. */
async function takeShot({ page, errors }, baseUrl, shot) {
  errors.length = 0;
  await page.setViewportSize({ width: shot.width, height: shot.height });
  await page.goto(baseUrl + shotPath(shot));
  await page.waitForFunction(() => document.documentElement.dataset.galleryReady === 'true', null, { timeout: READY_TIMEOUT_MS });
  return page.screenshot({ type: 'png', fullPage: false, animations: 'disabled', caret: 'hide', scale: 'css' });
}

/**
 * Takes every shot, `concurrency` pages at a time, calling `onShot(shot, { png, errors, ms })` as
 * each is taken (or `{ error }` when the page failed or never became ready); resolves when all are done.
 */
export async function takeShots(browser, baseUrl, shots, onShot, { concurrency = 2 } = {}) {
  let next = 0;
  const worker = async () => {
    const slot = await shotPage(browser);
    try {
      while (next < shots.length) {
        const shot = shots[next++];
        const started = Date.now();
        try {
          const png = await takeShot(slot, baseUrl, shot);
          await onShot(shot, { png, errors: [...slot.errors], ms: Date.now() - started });
        } catch (error) {
          await onShot(shot, { error: error instanceof Error ? error.message.split('\n')[0] : String(error), errors: [...slot.errors] });
        }
      }
    } finally {
      await slot.context.close();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}
