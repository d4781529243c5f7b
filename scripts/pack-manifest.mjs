#!/usr/bin/env node
/**
 * The package.json a published tarball carries: the repository's own minus what only the
 * repository uses (workspaces, scripts, devDependencies, overrides, allowScripts). Run by the
 * `prepack` and `postpack` scripts of both packages (cwd: the package's folder), so `npm pack`
 * and `npm publish` ship the clean manifest and the working tree gets its own back:
 *
 *   node scripts/pack-manifest.mjs strip     keeps package.json as .cache/package.json.unpacked, writes the clean one
 *   node scripts/pack-manifest.mjs restore   puts the kept one back
 *
 * A strip that finds a kept copy (a pack that died before its postpack) restores it first.
 * Packs of one folder must not overlap: scripts/lib/packaging.mjs takes a lock around each.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The fields a dApp's install never reads and a published manifest should not carry. */
export const REPOSITORY_ONLY_FIELDS = ['workspaces', 'scripts', 'devDependencies', 'overrides', 'allowScripts'];

/** The manifest without the repository-only fields (key order kept). */
export const publishedManifest = (pkg) => Object.fromEntries(Object.entries(pkg).filter(([key]) => !REPOSITORY_ONLY_FIELDS.includes(key)));

const keptCopy = (dir) => path.join(dir, '.cache', 'package.json.unpacked');

/** Writes `text` to `file` by a rename, so a concurrent reader sees the old or the new file, never half of one. */
function replaceFile(file, text) {
  const next = `${file}.${process.pid}.next`;
  writeFileSync(next, text);
  renameSync(next, file);
}

export function strip(dir = process.cwd()) {
  const file = path.join(dir, 'package.json');
  if (existsSync(keptCopy(dir))) renameSync(keptCopy(dir), file);
  const text = readFileSync(file, 'utf8');
  mkdirSync(path.dirname(keptCopy(dir)), { recursive: true });
  replaceFile(keptCopy(dir), text);
  replaceFile(file, `${JSON.stringify(publishedManifest(JSON.parse(text)), null, 2)}\n`);
}

/**
 * The repository's own package.json of `dir`, whole even while a pack has it stripped (for code
 * that reads devDependencies or scripts while tests pack in parallel).
 */
export function repositoryManifest(dir) {
  for (;;) {
    try {
      return JSON.parse(readFileSync(existsSync(keptCopy(dir)) ? keptCopy(dir) : path.join(dir, 'package.json'), 'utf8'));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error; // the kept copy went back between the check and the read
    }
  }
}

export function restore(dir = process.cwd()) {
  if (existsSync(keptCopy(dir))) renameSync(keptCopy(dir), path.join(dir, 'package.json'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const command = process.argv[2];
  if (command === 'strip') strip();
  else if (command === 'restore') restore();
  else {
    console.error('usage: node scripts/pack-manifest.mjs strip|restore');
    process.exit(2);
  }
}
