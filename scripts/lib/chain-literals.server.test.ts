/** The server's namespace-literal rule of eslint.config.mjs (issue 30), run through ESLint itself. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SERVER_EXCEPTIONS } from './chain-literals.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function flagged(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('server/src/chains/<namespace>'))
    .length;
}

describe('namespace literals on the server', () => {
  it.each([
    ["export const x = 'eip155';", 'a namespace'],
    ["export const x = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';", 'a CAIP-2 id'],
    ["export const x = { 'bip122': 1 };", 'a key'],
    ['export const x = (id: number) => `eip155:${id}`;', 'a template'],
    ["export const x = 'must be a chain such as eip155:1';", 'a CAIP id inside words'],
  ])('are refused outside server/src/chains: %s (%s)', async (code) => {
    expect(await flagged('server/src/routes/x.ts', code)).toBe(1);
  });

  it.each([
    ['server/src/chains/eip155/x.ts', "export const x = 'eip155';"],
    ['server/src/routes/x.test.ts', "export const x = 'solana';"],
    ['server/src/routes/x.ts', "import { caipChainId } from '../chains/eip155/chain.js';\nexport const x = caipChainId;"],
    ['server/src/svm/x.ts', "import { PublicKey } from '@solana/web3.js';\nexport const x = { PublicKey, core: 'solana-core' };"],
    ['server/src/dex/x.ts', 'export const x = { eip155: { gas: 1 } };'],
    ['server/src/wallets/seed.ts', "export const x = 'eip155:1';"],
  ])('are allowed in %s: %s', async (file, code) => {
    expect(await flagged(file, code)).toBe(0);
  });

  it('lists only exceptions that exist, each with a reason', () => {
    for (const [file, reason] of Object.entries(SERVER_EXCEPTIONS)) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(reason.length, file).toBeGreaterThan(20);
    }
  });
});
