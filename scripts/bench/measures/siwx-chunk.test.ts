/** The real CDN build (`npm test` builds first): Sign in with X is lazy, none of its modules is in the first chunk (issue 17). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdnSizes } from '../../lib/sizes.mjs';
import { siwxChunks } from './sizes.mjs';

const MANIFEST = path.resolve(__dirname, '../../../dist/cdn/manifest.json');

describe('the CDN build and Sign in with X', () => {
  it('keeps the SIWX stores and SIWXSignMessage out of the first chunk, in lazy chunks', () => {
    if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`node scripts/build.mjs\` first (npm test does)`);
    const { chunks } = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { chunks: Record<string, { modules?: Record<string, number> }> };
    const { firstFiles } = cdnSizes(MANIFEST);
    // siwxChunks throws when a SIWX module is in the first chunk.
    const lazy = siwxChunks(chunks, firstFiles).flatMap((c: { modules: string[] }) => c.modules);
    for (const m of ['stores/siwx/flow', 'stores/siwx/sign', 'chains/eip155/siwe-config']) expect(lazy).toContain(m);
    expect(lazy.some((m: string) => m.startsWith('elements/views/siwx-sign-message/'))).toBe(true);
    expect(firstFiles).toEqual(['w3kit.js']);
  });
});
