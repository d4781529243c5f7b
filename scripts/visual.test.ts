/**
 * The visual tests' runner end to end (scripts/visual.mjs) in Chromium, against a small stand-in
 * gallery that keeps the gallery's contract (window.w3Gallery.states, the state URL, galleryReady):
 * a missing baseline fails and says to update; `--update` writes the baselines and says what is
 * new; the same page then passes; a card moved by 1 px fails with its diff image saved; a removed
 * state's baselines fail until an update removes them, saying so.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBrowser } from './lib/browser.mjs';
import { startStaticServer, type StaticServer } from './lib/static-server.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-visual-run-'));
const baselines = path.join(dir, 'baselines');
const out = path.join(dir, 'out');
const counts = path.join(dir, 'counts.json');
const pages = new Map<string, string>();
let server: StaticServer;
let chromePath: string;

/** A stand-in gallery: two states (or the given ones), a card at `top` px. */
function gallery(states: string[], top: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; font: 16px sans-serif; } .dark { background: #111; color: #eee; }
.card { margin: ${top}px auto 0; width: 300px; padding: 16px; border: 1px solid #888; border-radius: 12px; }
</style></head><body><script>
window.w3Gallery = { states: ${JSON.stringify(states)} };
const q = new URLSearchParams(location.search);
if (q.get('state')) {
  document.body.className = q.get('theme');
  document.documentElement.dir = q.get('locale') === 'ar' ? 'rtl' : 'ltr';
  document.body.innerHTML = '<div class="card"><b>' + q.get('state') + '</b><p>' + q.get('width') + '</p></div>';
  requestAnimationFrame(() => { document.documentElement.dataset.galleryReady = 'true'; });
}
</script></body></html>`;
}

/** Runs scripts/visual.mjs against the stand-in; resolves to its exit code, output and counts. */
function visual(
  ...extra: string[]
): Promise<{ code: number | null; output: string; counts: { passed: number; failed: number; failures: string[] } }> {
  const args = [
    'scripts/visual.mjs',
    '--no-build',
    `--url=${server.url}`,
    `--baselines=${baselines}`,
    `--out=${out}`,
    `--counts=${counts}`,
    ...extra,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('node', args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output, counts: JSON.parse(readFileSync(counts, 'utf8')) }));
  });
}

beforeAll(async () => {
  chromePath = process.env.CHROME_PATH || (await ensureBrowser({ quiet: true }));
  server = await startStaticServer({ root: dir, pages });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('visual runner (scripts/visual.mjs)', () => {
  it('updates baselines saying what is new, passes, then fails on a 1 px move (diff saved), a missing baseline and a removed state', async () => {
    pages.set('/gallery/', gallery(['card--plain', 'card--other'], 40));
    const created = await visual('--update');
    expect(created.code).toBe(0);
    expect(created.output).toContain('  new: card--plain.ar-dark-375');
    expect(created.output).toMatch(/visual:update: 16 new, 0 changed, 0 removed, 0 unchanged/);
    expect(readdirSync(baselines)).toContain('card--other.en-light-1280.png');

    const same = await visual();
    expect(same.code).toBe(0);
    expect(same.counts).toEqual({ passed: 16, failed: 0, failures: [] });

    // card--plain moved down 1 px, card--other removed, card--new added.
    pages.set('/gallery/', gallery(['card--plain', 'card--new'], 41));
    const broken = await visual();
    expect(broken.code).toBe(1);
    expect(broken.counts).toMatchObject({ passed: 0, failed: 24 });
    const moved = broken.counts.failures.find((f) => f.startsWith('card--plain.en-light-1280:')) ?? '';
    expect(moved).toMatch(
      /% of the pixels \([\d,]+\) differ from the baseline; diff: .*card--plain\.en-light-1280\.diff\.png; run `npm run visual:update`/,
    );
    expect(existsSync(path.join(out, 'card--plain.en-light-1280.diff.png'))).toBe(true);
    expect(existsSync(path.join(out, 'card--plain.en-light-1280.actual.png'))).toBe(true);
    expect(broken.output).toContain('visual: FAIL card--new.ar-light-375: no baseline');
    expect(broken.output).toContain('visual: FAIL card--other.en-dark-375: a baseline for a shot the gallery no longer has');

    const updated = await visual('--update');
    expect(updated.code).toBe(0);
    expect(updated.output).toMatch(/ {2}changed: card--plain\.en-light-1280: [\d.]+% of the pixels/);
    expect(updated.output).toContain('  removed: card--other.ar-dark-1280');
    expect(updated.output).toMatch(/visual:update: 8 new, 8 changed, 8 removed, 0 unchanged/);
    expect(readdirSync(baselines)).toHaveLength(16);
  }, 180_000);
});
