#!/usr/bin/env node
/**
 * Checks that the generated files are up to date with the sources:
 *   1. runs the analyzer (`cem analyze --config custom-elements-manifest.config.mjs`) into a temp
 *      directory and compares its custom-elements.json byte for byte with the committed one;
 *   2. runs `node scripts/gen-react.mjs --check` (src/react/generated/components.ts) and
 *      `node scripts/gen-jsx.mjs --check` (src/react/generated/jsx.ts);
 *   3. runs `node scripts/gen-openapi.mjs --check` (server/openapi.json, from the route schemas);
 *   4. runs `node scripts/gen-locales.mjs --check` (xliff/ and src/locales/generated/, from the
 *      msg() calls under src/ and the translations in xliff/);
 *   5. runs `node scripts/gen-eip155-chains.mjs --check` (server/data/eip155-chains.json,
 *      the chain ids of viem/chains that sign-in takes by default);
 *   6. runs `node scripts/gen-marks.mjs --check` (src/wire/marks/marks-data.ts, the marks a
 *      modal with no backend shows, from the icon packages).
 * Exits 1 when anything differs, naming the file and the command that regenerates it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = 'custom-elements.json';
const CEM_BIN = path.join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js');

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.error) throw result.error;
  return result;
}

/** First differing line of two texts, with a line of context, for the error message. */
function firstDifference(expected, actual) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (lines) =>
    lines
      .slice(Math.max(0, i - 1), i + 2)
      .map((l) => `      ${l}`)
      .join('\n');
  return `first difference at line ${i + 1}:\n    committed:\n${show(a)}\n    regenerated:\n${show(b)}`;
}

function checkManifest() {
  const committedPath = path.join(ROOT, MANIFEST);
  if (!existsSync(committedPath)) {
    console.error(`check-generated: ${MANIFEST} is missing. Run \`npm run analyze\`.`);
    return false;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'w3kit-cem-'));
  try {
    // The analyzer joins --outdir onto the working directory, so pass the temp dir relative to it.
    const outdir = path.relative(ROOT, tmp) || '.';
    const result = run([CEM_BIN, 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', outdir, '--quiet']);
    const fresh = path.join(tmp, MANIFEST);
    if (result.status !== 0 || !existsSync(fresh)) {
      process.stderr.write(result.stdout + result.stderr);
      console.error(`check-generated: the analyzer failed (exit ${result.status}).`);
      return false;
    }
    const committed = readFileSync(committedPath, 'utf8');
    const regenerated = readFileSync(fresh, 'utf8');
    if (committed !== regenerated) {
      console.error(
        `check-generated: ${MANIFEST} is out of date with src/elements; run \`npm run analyze\` ` +
          `(then \`npm run react:gen\`).\n  ${firstDifference(committed, regenerated)}`,
      );
      return false;
    }
    console.log(`check-generated: ${MANIFEST} is up to date.`);
    return true;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function checkReact() {
  const result = run([path.join(ROOT, 'scripts/gen-react.mjs'), '--check']);
  process.stdout.write(result.stdout.replace(/^gen-react: /gm, 'check-generated: '));
  process.stderr.write(result.stderr);
  return result.status === 0;
}

function checkJsx() {
  const result = run([path.join(ROOT, 'scripts/gen-jsx.mjs'), '--check']);
  process.stdout.write(result.stdout.replace(/^gen-jsx: /gm, 'check-generated: '));
  process.stderr.write(result.stderr);
  return result.status === 0;
}

function checkOpenApi() {
  const result = run([path.join(ROOT, 'scripts/gen-openapi.mjs'), '--check']);
  process.stdout.write(result.stdout.replace(/^gen-openapi: /gm, 'check-generated: '));
  process.stderr.write(result.stderr);
  return result.status === 0;
}

function checkLocales() {
  const result = run([path.join(ROOT, 'scripts/gen-locales.mjs'), '--check']);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.status === 0;
}

function checkEip155Chains() {
  const result = run([path.join(ROOT, 'scripts/gen-eip155-chains.mjs'), '--check']);
  process.stdout.write(result.stdout.replace(/^gen-eip155-chains: /gm, 'check-generated: '));
  process.stderr.write(result.stderr);
  return result.status === 0;
}

function checkMarks() {
  const result = run([path.join(ROOT, 'scripts/gen-marks.mjs'), '--check']);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  if (result.status === 0) console.log('check-generated: src/wire/marks/marks-data.ts is up to date.');
  return result.status === 0;
}

const manifestOk = checkManifest();
const reactOk = checkReact();
const jsxOk = checkJsx();
const openApiOk = checkOpenApi();
const localesOk = checkLocales();
const chainsOk = checkEip155Chains();
const marksOk = checkMarks();
if (!manifestOk || !reactOk || !jsxOk || !openApiOk || !localesOk || !chainsOk || !marksOk) {
  console.error('check-generated: generated files are out of date (see above).');
  process.exitCode = 1;
}
