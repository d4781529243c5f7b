/**
 * Every package with an install script that `npm ci` installs on this platform is named in
 * package.json's allowScripts (allowed, or denied when it has a JavaScript fallback): npm warns
 * about each one it does not cover, on every `npm start` of a fresh clone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type LockEntry = { hasInstallScript?: boolean; os?: string[]; cpu?: string[] };
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  allowScripts: Record<string, boolean>;
};

/** An os or cpu list of the lockfile (e.g. ['linux'], ['!win32']) admits `value`. */
const admits = (list: string[] | undefined, value: string): boolean =>
  !list || (list.some((v) => !v.startsWith('!')) ? list.includes(value) : !list.includes(`!${value}`));

describe('package.json allowScripts', () => {
  it('covers every install script npm ci runs on this platform', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([path, entry]) => path && entry.hasInstallScript && admits(entry.os, process.platform) && admits(entry.cpu, process.arch))
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(scripted).toContain('better-sqlite3');
    const uncovered = [...new Set(scripted)].filter((name) => !Object.hasOwn(manifest.allowScripts, name));
    expect(uncovered, 'packages with install scripts missing from allowScripts').toEqual([]);
  });
});
