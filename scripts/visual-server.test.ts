/**
 * The visual tests' gallery server (scripts/visual-server.mjs): the demo server's files behind a
 * front that lets Chromium cache the gallery's chunks within a run, but never the gallery page
 * (each shot is its own state), and passes a missing file on as the demo server's 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGalleryServer } from './visual-server.mjs';

let gallery: { url: string; close(): Promise<void> };
beforeAll(async () => {
  gallery = await startGalleryServer();
});
afterAll(async () => {
  await gallery?.close();
});

describe('visual tests: gallery server', () => {
  it('serves the gallery page fresh each time and lets the browser cache what it loads', async () => {
    const page = await fetch(`${gallery.url}/gallery/?state=account--full&theme=dark&locale=ar&width=375`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('<title>w3kit gallery</title>');

    const icon = await fetch(`${gallery.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('max-age=3600');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect((await icon.text()).length).toBeGreaterThan(0);

    const missing = await fetch(`${gallery.url}/demo/gallery/no-such-chunk.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});
