/**
 * The floor page end to end: built with the CDN's rollup plugins, served, and measured in
 * Chromium by the same init script and measures as w3kit's page.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBrowser } from '../../lib/browser.mjs';
import { CHROMIUM_ARGS } from '../../lib/chromium.mjs';
import { buildFloor } from './build-floor.mjs';
import { pageRun, startServerInWorker } from '../harness.mjs';
import { FLOOR_TARGETS, initScript } from '../init-script.mjs';
import { FLOOR_PAGE } from '../pages.mjs';
import { FLOOR_CLICK } from '../loads.mjs';
import { buttonUsable, clickToModalPainted } from '../measures/load.mjs';

let dir: string;
let chunks: Record<string, { gzip: number; isEntry: boolean }>;
let server: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'w3kit-floor-'));
  chunks = await buildFloor(path.join(dir, 'floor'));
  writeFileSync(path.join(dir, 'floor.html'), FLOOR_PAGE);
  server = await startServerInWorker({ routes: { '/': dir } });
  browser = await chromium.launch({ executablePath: await ensureBrowser({ quiet: true }), args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the floor page', () => {
  it('is one minified chunk holding Lit and the element', () => {
    expect(Object.keys(chunks)).toEqual(['bench-floor.js']);
    const code = readFileSync(path.join(dir, 'floor', 'bench-floor.js'), 'utf8');
    expect(code).toContain('bench-floor');
    expect(code).not.toContain('the least a wallet button can be'); // comments dropped by terser
    expect(code).not.toMatch(/\n\s+render\(\)/); // and code minified
    expect(chunks['bench-floor.js']!.gzip).toBeLessThan(10 * 1024);
    expect(existsSync(path.join(dir, 'floor', 'manifest.json'))).toBe(true);
  });

  it('gives the button and click timings, and the dialog shows five rows', async () => {
    const rowsSeen = {
      id: 'rows',
      run: ({ page }: { page: import('playwright-core').Page }) => page.locator('bench-floor [role=dialog] button.row').count(),
    };
    const load = {
      id: 'floor',
      url: `${server.url}/floor.html`,
      initScripts: [{ content: initScript(FLOOR_TARGETS) }],
      click: FLOOR_CLICK,
      measures: [buttonUsable, clickToModalPainted, rowsSeen],
    };
    const { values, state } = await pageRun(browser, load);
    expect(values.buttonUsable).toBeGreaterThan(0);
    expect(values.clickToModalPainted).toBeGreaterThan(0);
    expect(values.clickToModalPainted).toBeGreaterThanOrEqual(state.clickToDialogFound);
    expect(values.rows).toBe(5);
    expect(state.breakdown.defined).toBeGreaterThan(0);
  }, 30_000);

  it('fails a load on a page error', async () => {
    const load = { id: 'broken', url: `${server.url}/missing.html`, measures: [buttonUsable] };
    await expect(pageRun(browser, load)).rejects.toThrow(/HTTP 404/);
  }, 30_000);
});
