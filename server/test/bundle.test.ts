/** The bundled bin (server/scripts/bundle.mjs): built into a temporary directory, spawned, queried, stopped. */
import { mkdirSync, mkdtempSync, rmSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, tempDir } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface BundleModule {
  bundleServer(outfile?: string): Promise<string>;
  bundleFrameSite(outDir: string, siteDir?: string): Promise<string | undefined>;
}

// Inside the repository (under the ignored .cache/) so the bundle's external packages resolve from node_modules.
mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
const outDir = mkdtempSync(path.join(ROOT, '.cache', 'server-bundle-'));
const data = tempDir();
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  data.remove();
});

describe('bundled w3kit-server', () => {
  it('runs from one file with --port 0 --seed and stops on SIGTERM', async () => {
    const { bundleServer } = (await import(pathToFileURL(path.join(ROOT, 'server/scripts/bundle.mjs')).href)) as BundleModule;
    const bin = await bundleServer(path.join(outDir, 'w3kit-server.js'));
    expect(bin).toBe(path.join(outDir, 'w3kit-server.js'));
    expect(statSync(bin).mode & 0o111).not.toBe(0);
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);

    // A key-encryption key from the environment: without one the bin creates it in the data directory, with a warning.
    const server = await runBin(bin, ['--port', '0', '--seed', '--data', data.dir], {
      ...process.env,
      W3KIT_KEK: Buffer.alloc(32, 1).toString('base64'),
    });
    const url = server.url;
    try {
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true });
      const wallets = (await (await fetch(`${url}/getWallets?projectId=w3kit-dev`)).json()) as { count: number; data: { id: string }[] };
      expect(wallets.count).toBe(1000);
      expect(wallets.data).toHaveLength(40);
      expect(wallets.data[0]!.id).toBe('metamask');
      expect(server.stdout()).toMatch(
        /^w3kit-frame {3}http:\/\/localhost:\d+ {2}\(secure frame site; localhost: passkeys refuse IP-address origins\)$/m,
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.stderr()).toBe('');
  });

  it('builds the frame site for the browser beside the bin, and skips it while its sources are missing', async () => {
    const { bundleFrameSite } = (await import(pathToFileURL(path.join(ROOT, 'server/scripts/bundle.mjs')).href)) as BundleModule;
    const site = path.join(outDir, 'site-src');
    mkdirSync(site, { recursive: true });
    writeFileSync(path.join(site, 'main.ts'), "const greeting: string = 'frame site';\ndocument.title = greeting;\n");
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><script type="module" src="/frame.js"></script>');
    writeFileSync(path.join(site, 'frame.css'), 'body { margin: 0 }');
    const out = path.join(outDir, 'frame-site-test');
    expect(await bundleFrameSite(out, site)).toBe(out);
    const js = readFileSync(path.join(out, 'frame.js'), 'utf8');
    expect(js).toContain('document.title');
    expect(js).not.toContain(': string');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('/frame.js');
    expect(readFileSync(path.join(out, 'frame.css'), 'utf8')).toContain('margin');
    expect(await bundleFrameSite(path.join(outDir, 'none'), path.join(outDir, 'no-such-site'))).toBeUndefined();
  });
});
