/** The real `w3kit-server` bin, bundled from the sources once per test file into the ignored .cache/ (so it is never stale). */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let built: Promise<string> | undefined;
let outDir: string | undefined;

/** The bundled bin's path (built on the first call). */
export function builtBin(): Promise<string> {
  built ??= (async () => {
    // Inside the repository so the bundle's external packages resolve from node_modules.
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    outDir = mkdtempSync(path.join(ROOT, '.cache', 'server-bin-'));
    const { bundleServer } = (await import(pathToFileURL(path.join(ROOT, 'server/scripts/bundle.mjs')).href)) as {
      bundleServer(outfile?: string): Promise<string>;
    };
    return bundleServer(path.join(outDir, 'w3kit-server.js'));
  })();
  return built;
}

/** Removes the bundle (afterAll). */
export function removeBuiltBin(): void {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
}
