#!/usr/bin/env node
/**
 * Generates server/data/eip155-chains.json: the ids of every eip155 chain in viem's chain
 * registry (`viem/chains`), sorted. Sign in with X takes these by default (server/src/siwx/chains.ts)
 * without loading viem/chains at run time (about 200 ms and 27 MB of RSS for 700 small ids).
 * Rerun after upgrading viem; `--check` exits 1 when the committed file differs.
 *
 *   node scripts/gen-eip155-chains.mjs [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chains from 'viem/chains';
import * as prettier from 'prettier';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'server/data/eip155-chains.json');
const viemVersion = createRequire(import.meta.url)('viem/package.json').version;

const ids = [
  ...new Set(
    Object.values(chains)
      .filter((c) => typeof c === 'object' && c !== null && Number.isSafeInteger(c.id) && c.id > 0)
      .map((c) => c.id),
  ),
].sort((a, b) => a - b);
const data = { source: `viem ${viemVersion} viem/chains (scripts/gen-eip155-chains.mjs)`, ids };
const text = await prettier.format(JSON.stringify(data), { ...(await prettier.resolveConfig(OUT)), filepath: OUT });

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(OUT, 'utf8');
  } catch {
    // Missing: reported below.
  }
  if (committed !== text) {
    console.error(
      `gen-eip155-chains: server/data/eip155-chains.json is out of date with viem ${viemVersion}; run \`node scripts/gen-eip155-chains.mjs\`.`,
    );
    process.exit(1);
  }
  console.log(`gen-eip155-chains: server/data/eip155-chains.json is up to date (${ids.length} chains).`);
} else {
  writeFileSync(OUT, text);
  console.log(`gen-eip155-chains: wrote ${ids.length} chain ids to server/data/eip155-chains.json`);
}
