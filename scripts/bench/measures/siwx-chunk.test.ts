/** The real CDN build (`npm test` builds first): Sign in with X is lazy, none of its modules is in the first chunk (issue 17). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MANIFEST = path.resolve(__dirname, '../../../dist/cdn/manifest.json');
const SIWX_MODULE = /^dist\/(stores\/siwx|elements\/views\/siwx-sign-message)\//;

describe('the CDN build and Sign in with X', () => {
  it('keeps the SIWX stores and SIWXSignMessage out of the first chunk, in lazy chunks', () => {
    if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`node scripts/build.mjs\` first (npm test does)`);
    const { chunks } = JSON.parse(readFileSync(MANIFEST, 'utf8')) as {
      chunks: Record<string, { isEntry?: boolean; imports?: string[]; modules?: Record<string, number> }>;
    };
    const entry = Object.keys(chunks).find((f) => chunks[f]!.isEntry)!;
    const first = new Set<string>();
    const walk = (f: string): void => {
      if (first.has(f)) return;
      first.add(f);
      for (const dep of chunks[f]!.imports ?? []) walk(dep);
    };
    walk(entry);
    const modulesOf = (files: string[]): string[] => files.flatMap((f) => Object.keys(chunks[f]!.modules ?? {}));
    expect(modulesOf([...first]).filter((m) => SIWX_MODULE.test(m))).toEqual([]);
    const lazy = modulesOf(Object.keys(chunks).filter((f) => !first.has(f)));
    for (const m of ['dist/stores/siwx/flow.js', 'dist/stores/siwx/sign.js', 'dist/stores/siwx/legacy-siwe.js']) expect(lazy).toContain(m);
    expect(lazy.some((m) => m.startsWith('dist/elements/views/siwx-sign-message/'))).toBe(true);
  });
});
