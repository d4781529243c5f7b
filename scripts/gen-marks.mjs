#!/usr/bin/env node
/**
 * Writes src/wire/marks/marks-data.ts, the brand marks a modal with no backend shows (the
 * network presets' icons and the social providers), from the icon packages through the backend's
 * catalog and sanitiser (server/src/images/client-marks.ts). Run after changing a preset's icon
 * or upgrading an icon package.
 *
 *   node scripts/gen-marks.mjs          writes the file
 *   node scripts/gen-marks.mjs --check  exits 1 when the file on disk differs from what it would write
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode, ROOT } from './lib/bundle-node.mjs';

export const MARKS_FILE = path.join(ROOT, 'src/wire/marks/marks-data.ts');

export async function generateMarks() {
  mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
  const tmp = mkdtempSync(path.join(ROOT, '.cache', 'marks-'));
  try {
    const outfile = path.join(tmp, 'client-marks.mjs');
    await bundleForNode({ entry: 'server/src/images/client-marks.ts', outfile });
    const { clientMarksModule } = await import(pathToFileURL(outfile).href);
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(MARKS_FILE)) ?? {};
    return await prettier.format(clientMarksModule(), { ...options, filepath: MARKS_FILE });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = await generateMarks();
  if (process.argv.includes('--check')) {
    if (!existsSync(MARKS_FILE) || readFileSync(MARKS_FILE, 'utf8') !== text) {
      console.error('gen-marks: src/wire/marks/marks-data.ts is out of date. Run `node scripts/gen-marks.mjs`.');
      process.exit(1);
    }
  } else {
    mkdirSync(path.dirname(MARKS_FILE), { recursive: true });
    writeFileSync(MARKS_FILE, text);
    console.log(`gen-marks: wrote ${path.relative(ROOT, MARKS_FILE)}.`);
  }
}
