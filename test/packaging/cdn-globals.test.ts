/**
 * The CDN chunks run in a plain browser page: no Node `Buffer` global is used in them unguarded (borsh,
 * under @solana/web3.js, uses one; the build gives it the `buffer` package), and the first chunk
 * holds no Solana code. Needs the client built (npm test builds).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CDN = 'dist/cdn';
const chunks = ['w3kit.js', ...readdirSync(path.join(CDN, 'chunks')).map((f) => `chunks/${f}`)].filter((f) => f.endsWith('.js'));
/** An unguarded use (a `typeof Buffer` or `globalThis.Buffer ?` guard before it is allowed). */
const FREE_BUFFER = /(^|[^.\w$'"?])Buffer\.(from|alloc|allocUnsafe|concat|byteLength)\b/;

describe('CDN chunks', () => {
  it('use no free Node Buffer global', () => {
    const offenders = chunks.filter((f) => FREE_BUFFER.test(readFileSync(path.join(CDN, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('keep Solana out of the first chunk but its registry entry: its rules, modules and @solana/web3.js are lazy', () => {
    const manifest = JSON.parse(readFileSync(path.join(CDN, 'manifest.json'), 'utf8')) as {
      chunks: Record<string, { isEntry: boolean; imports: string[]; modules: Record<string, number> }>;
    };
    const first = new Set<string>();
    const walk = (file: string): void => {
      if (first.has(file)) return;
      first.add(file);
      for (const dep of manifest.chunks[file]!.imports) walk(dep);
    };
    walk('w3kit.js');
    // Only the namespace's registry entry (a descriptor) loads first; its rules load when a Solana network is configured.
    const solana = [...first].flatMap((f) => Object.keys(manifest.chunks[f]!.modules).filter((m) => m.includes('/solana/')));
    expect(solana.sort()).toEqual(['dist/chains/solana/entry.js']);
    const web3 = [...first].flatMap((f) => Object.keys(manifest.chunks[f]!.modules).filter((m) => m.includes('@solana/')));
    expect(web3).toEqual([]);
    const lazySolana = Object.entries(manifest.chunks).filter(
      ([f, c]) => !first.has(f) && Object.keys(c.modules).some((m) => m.includes('chains/solana/')),
    );
    expect(lazySolana.length).toBeGreaterThan(0);
  });
});
