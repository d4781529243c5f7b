/** The namespace-literal rule of scripts/lib/chain-literals.mjs, run through ESLint itself. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function literals(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.message.startsWith('A namespace literal')).length;
}

describe('namespace literals', () => {
  it.each([
    ['src/stores/x.ts', "export const x = (ns: string) => ns === 'eip155';"],
    ['src/elements/x/y.ts', "export const x = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';"],
    ['src/stores/x.ts', 'export const x = (id: number) => `eip155:${id}`;'],
    ['src/core/x.ts', "export type X = 'bip122';"],
    ['src/elements/x/y.ts', "export const x = 'Bitcoin Regtest is bip122:0f9188f13cb7b2c71f2a335e3a4fc328';"],
  ])('%s may not name a namespace', async (file, code) => {
    expect(await literals(file, code)).toBe(1);
  });

  it.each([
    ['src/chains/eip155/x.ts', "export const x = 'eip155';"],
    ['src/chains/bip122/x.ts', "export const x = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328';"],
    ['src/wire/x.ts', "export const x = 'solana';"],
    ['src/wagmi/x.ts', "export const x = 'eip155:1';"],
    ['src/stores/x.test.ts', "export const x = 'eip155:1';"],
    ['src/stores/x.ts', "export const x = 'eip155s are not a namespace';"],
  ])('%s may', async (file, code) => {
    expect(await literals(file, code)).toBe(0);
  });
});
