#!/usr/bin/env node
/**
 * Writes the OpenAPI document of the backend's HTTP API, generated from the route schemas
 * (server/src/openapi-document.ts), to server/openapi.json.
 *
 *   node scripts/gen-openapi.mjs          writes the file
 *   node scripts/gen-openapi.mjs --check  exits 1 when the file on disk differs from what it would write
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode, ROOT } from './lib/bundle-node.mjs';

export const OPENAPI_FILE = path.join(ROOT, 'server/openapi.json');

/** The document's text, from the TypeScript sources (bundled to a temporary module first). */
export async function generateOpenApi() {
  // Bundled under the repository's .cache/ so the packages it imports by name (fastify, zod, ...) resolve.
  mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
  const tmp = mkdtempSync(path.join(ROOT, '.cache', 'openapi-'));
  try {
    const outfile = path.join(tmp, 'openapi-document.mjs');
    await bundleForNode({ entry: 'server/src/openapi-document.ts', outfile });
    const { openApiText } = await import(pathToFileURL(outfile).href);
    return await openApiText();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rel = path.relative(process.cwd(), OPENAPI_FILE);
  const text = await generateOpenApi();
  if (process.argv.includes('--check')) {
    if (!existsSync(OPENAPI_FILE)) {
      console.error(`gen-openapi: ${rel} is missing. Run \`node scripts/gen-openapi.mjs\`.`);
      process.exitCode = 1;
    } else if (readFileSync(OPENAPI_FILE, 'utf8') !== text) {
      const a = readFileSync(OPENAPI_FILE, 'utf8').split('\n');
      const b = text.split('\n');
      let line = 0;
      while (line < a.length && a[line] === b[line]) line++;
      console.error(
        `gen-openapi: ${rel} differs from what the route schemas generate (first at line ${line + 1}). Run \`node scripts/gen-openapi.mjs\`.`,
      );
      process.exitCode = 1;
    } else {
      console.log(`gen-openapi: ${rel} is up to date.`);
    }
  } else {
    writeFileSync(OPENAPI_FILE, text);
    console.log(`gen-openapi: wrote ${rel}.`);
  }
}
