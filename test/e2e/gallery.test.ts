/**
 * The gallery (demo/gallery/, served at /gallery/ by `npm start`): its states cover every view of
 * the registry (src/elements/views/registry.ts), so a new view without a state fails here; each
 * state, in English, renders its view's element in the real <w3-modal> and says it is ready,
 * with no console error or warning, no request leaving the page (fixtures only: no backend) and
 * no serious or critical axe violation; the index lists every state as a link. The gallery is
 * bundled afresh (demo/gallery/bundle.mjs); the demo server is scripts/lib/demo-server.mjs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleGallery } from '../../demo/gallery/bundle.mjs';
import { kebab } from '../../demo/gallery/states/types.js';
import { ensureBrowser } from '../../scripts/lib/browser.mjs';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { startDemoServer } from '../../scripts/lib/demo-server.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The registry's views, read from its source (its loaders import elements, which need a DOM). */
function registryViews(): string[] {
  const source = readFileSync('src/elements/views/registry.ts', 'utf8');
  const table = source.slice(source.indexOf('VIEW_LOADERS'));
  return [...table.matchAll(/^\s+(\w+): /gm)].map((m) => m[1]!);
}

let browser: Browser;
let demo: { url: string; close(): Promise<void> };
let states: string[] = [];

beforeAll(async () => {
  const [executablePath] = await Promise.all([ensureBrowser({ quiet: true }), bundleGallery()]);
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  demo = await startDemoServer({ rpcUrls: {}, apiUrl: 'http://127.0.0.1:9', relayUrl: 'ws://127.0.0.1:9' });
  const page = await browser.newPage();
  await page.goto(`${demo.url}/gallery/`);
  await page.waitForFunction(() => document.documentElement.dataset.galleryReady === 'true');
  states = await page.evaluate(() => window.w3Gallery.states);
  await page.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe('the gallery', () => {
  it('has a state for every view of the registry, each id <view>--<state> and unique', () => {
    const views = registryViews();
    expect(views.length).toBeGreaterThan(30);
    const shown = new Set(states.map((id) => id.split('--')[0]));
    expect(views.map(kebab).filter((v) => !shown.has(v))).toEqual([]);
    expect(states.filter((id) => !/^[a-z0-9]+(-[a-z0-9]+)*--[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toEqual([]);
    expect(new Set(states).size).toBe(states.length);
    expect(states).toContain('all-wallets--1000-wallets');
  });

  it('lists every state on its index as a link to it, with the theme, locale and width switches', async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/gallery/?theme=dark&locale=ar&width=375`);
    await page.waitForFunction(() => document.documentElement.dataset.galleryReady === 'true');
    const links = await page.$$eval('a[data-state]', (as) => as.map((a) => [a.dataset.state, a.getAttribute('href')]));
    expect(links.map(([id]) => id)).toEqual(states);
    expect(links[0]![1]).toBe(`?state=${states[0]}&theme=dark&locale=ar&width=375`);
    expect(
      await page.$$eval('select', (s) => s.map((e) => [(e as HTMLSelectElement).name, (e as HTMLSelectElement).options.length])),
    ).toEqual([
      ['theme', 3],
      ['locale', 20],
      ['width', 2],
    ]);
    await page.close();
  });
});

describe('every gallery state in English', () => {
  // The page lists the states (its bundle holds them): three pages at a time go through them.
  it('renders its view, ready, with no console error, no request out and no serious axe violation', async () => {
    expect(states.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const queue = [...states];
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id; id = queue.shift()) failures.push(...(await check(id)).map((f) => `${id}: ${f}`));
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(failures).toEqual([]);
  }, 600_000);
});

/** Loads one state; returns what went wrong (nothing when it rendered as it should). */
async function check(id: string): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`console ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => !r.url().startsWith(demo.url) && !r.url().startsWith('data:') && problems.push(`request out: ${r.url()}`));
  try {
    await page.goto(`${demo.url}/gallery/?state=${id}&theme=light&locale=en&width=1280`);
    await page.waitForFunction(() => document.documentElement.dataset.galleryReady === 'true', null, { timeout: 30_000 });
    const view = `w3-${id.split('--')[0]}-view`;
    const shown = await page.evaluate((tag) => {
      const find = (root: Document | ShadowRoot): boolean =>
        !!root.querySelector(tag) || [...root.querySelectorAll('*')].some((el) => !!el.shadowRoot && find(el.shadowRoot));
      return find(document);
    }, view);
    if (!shown) problems.push(`${view} not shown`);
    await page.addScriptTag({ path: AXE });
    const serious = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: { id: string; impact?: string }[] }> } }
      ).axe;
      const rules = { 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false }, region: { enabled: false } };
      const { violations } = await axe.run(document, { resultTypes: ['violations'], rules });
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    problems.push(...serious.map((rule) => `axe: ${rule}`));
  } catch (error) {
    problems.push(String(error instanceof Error ? error.message.split('\n')[0] : error));
  } finally {
    await page.close();
  }
  return problems;
}
