#!/usr/bin/env node
/**
 * Every browser entry of the package bundles with a plain bundler: esbuild `--bundle
 * --format=esm --splitting --platform=browser`, no plugins, no polyfills, no defines (esbuild's
 * own `process.env.NODE_ENV`, as every bundler sets it, is the only replacement), and the peers
 * (react, wagmi, ethers, ...) bundled too, as an app bundles them. The output must not reference
 * `process`, `global` or `Buffer` unguarded, nor import `node:` modules; a finding names the
 * entry and the module it comes from.
 *
 * A reference is guarded when it only runs where the name exists: under `typeof NAME`
 * (`typeof process < 'u' && process.env`, `typeof global !== 'undefined' ? global : self`), or
 * inside a `try` block. Found by scope analysis (ESLint's), so `globalThis.process`, a local
 * `Buffer` and the word in a string are not references.
 *
 *   node scripts/check-bundlers.mjs        # exits 1 naming each finding
 *
 * The entries are the package.json exports whose file is under dist/ (all but the CDN file,
 * which rollup bundles with its own settings); run the build first (npm run build). An export
 * with neither its dist file nor its src/ source yet is skipped with a note.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { Linter } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NODE_NAMES = ['process', 'global', 'Buffer'];
const OUT = '/check-bundlers-out';

/** The browser entries: package.json export targets under dist/ (not the CDN bundle), with whether each exists. */
export function packageEntries(root = ROOT) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const entries = [];
  const skipped = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const file = typeof target === 'string' ? target : target?.default;
    if (typeof file !== 'string' || !/^\.\/dist\/.*\.js$/.test(file) || file.startsWith('./dist/cdn/')) continue;
    const rel = file.slice(2);
    const source = `src/${rel.slice('dist/'.length).replace(/\.js$/, '.ts')}`;
    if (existsSync(path.join(root, rel))) entries.push(rel);
    else if (existsSync(path.join(root, source)))
      throw new Error(`${rel} (export "${subpath}") is missing: run the build first (npm run build)`);
    else skipped.push(`${subpath}: neither ${rel} nor ${source} exists yet`);
  }
  return { entries, skipped };
}

/** Whether `ancestors` (outermost first, then `node`) put `node` where `name` exists or errors are caught. */
function isGuarded(sourceCode, ancestors, node, name) {
  const guard = new RegExp(`typeof\\s*\\(?\\s*${name}\\b|globalThis\\.${name}\\b`);
  const chain = [...ancestors, node];
  for (let i = chain.length - 1; i > 0; i--) {
    const child = chain[i];
    const parent = chain[i - 1];
    // `typeof process` itself; `typeof process.env` still reads `process`.
    if (i === chain.length - 1 && parent.type === 'UnaryExpression' && parent.operator === 'typeof') return true;
    if (parent.type === 'TryStatement' && parent.block === child) return true;
    const test =
      (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') && parent.test !== child
        ? parent.test
        : parent.type === 'LogicalExpression' && parent.right === child
          ? parent.left
          : undefined;
    if (test && guard.test(sourceCode.getText(test))) return true;
  }
  return false;
}

/** The unguarded free references to NODE_NAMES in `code`: `{ name, offset }`. */
export function freeReferences(code) {
  if (!new RegExp(`\\b(${NODE_NAMES.join('|')})\\b`).test(code)) return [];
  const found = [];
  const rule = {
    create(context) {
      const sourceCode = context.sourceCode;
      return {
        'Program:exit'(program) {
          const scope = sourceCode.getScope(program);
          for (const ref of scope.through) {
            const { name } = ref.identifier;
            if (!NODE_NAMES.includes(name)) continue;
            if (isGuarded(sourceCode, sourceCode.getAncestors(ref.identifier), ref.identifier, name)) continue;
            found.push({ name, offset: ref.identifier.range[0] });
          }
        },
      };
    },
  };
  const messages = new Linter({ configType: 'flat' }).verify(code, [
    {
      plugins: { bundlers: { rules: { free: rule } } },
      rules: { 'bundlers/free': 'error' },
      languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: {} },
    },
  ]);
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`could not parse the bundle: ${fatal.message} (line ${fatal.line})`);
  return found;
}

/** The module esbuild put at `offset` of a non-minified chunk: the last `// path` module comment before it. */
function moduleAt(code, offset) {
  const before = code.slice(0, offset);
  const re = /^\/\/ ((?:node_modules|dist|src|\.\.)\/\S+)$/gm;
  let last = '(the chunk runtime)';
  for (const m of before.matchAll(re)) last = m[1];
  return last;
}

/** Each output file's entries: the entries whose output reaches it through static or dynamic imports. */
function entriesOfOutputs(metafile, entries) {
  const reach = new Map();
  for (const [out, info] of Object.entries(metafile.outputs)) {
    // With splitting, a dynamic import is an entry point of its own: only the package's count.
    if (!info.entryPoint || !entries.includes(info.entryPoint)) continue;
    const stack = [out];
    const seen = new Set();
    while (stack.length) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      if (!reach.has(file)) reach.set(file, new Set());
      reach.get(file).add(info.entryPoint);
      for (const imp of metafile.outputs[file]?.imports ?? []) if (!imp.external) stack.push(imp.path);
    }
  }
  return reach;
}

/**
 * Third-party modules known to reference a Node global in a plain bundle, with why they are left
 * (they are not ours to change; reported upstream-worthy). Ours (dist/, src/) are never listed. A
 * new offender fails the check, and so does an entry here that no longer occurs.
 */
export const KNOWN_THIRD_PARTY = {
  'node_modules/borsh/lib/index.js Buffer':
    "borsh (CommonJS, under @solana/web3.js) calls Node's global Buffer; the CDN bundle gives it the buffer package (rollup.config.mjs), an app bundling w3kit must provide globalThis.Buffer for Solana serialization",
  'node_modules/@walletconnect/environment/dist/cjs/crypto.js global':
    'getBrowerCrypto reads `global` unguarded (the "global is not defined" that WalletConnect apps meet under Vite when it runs)',
  'node_modules/@walletconnect/sign-client/dist/index.js global':
    'global.Linking.openURL: React Native deep links, run only on React Native',
  'node_modules/detect-browser/es/index.js process':
    'process.version behind a typeof check kept in a variable (isNode), which scope analysis does not follow',
};

/** Groups raw findings by module and name: `{ key, module, name, entries, count, at, text }`. */
function group(raw) {
  const groups = new Map();
  for (const f of raw) {
    const key = `${f.module} ${f.name}`;
    const g = groups.get(key) ?? {
      key,
      module: f.module,
      name: f.name,
      entries: new Set(),
      count: 0,
      at: f.chunk ? `${f.chunk}:${f.line}` : '',
      text: f.text,
    };
    for (const e of f.entries) g.entries.add(e);
    g.count++;
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => ({ ...g, entries: [...g.entries].sort() }));
}

/**
 * Bundles `entries` (repo-relative; default: the package's browser entries) and returns
 * `{ findings, known, stale, skipped, ms }`: `findings` fail the check (ours, or a third-party
 * module not in `known`), `known` are the KNOWN_THIRD_PARTY ones met, `stale` the listed ones not
 * met. A finding is `{ module, name, entries, count, at, text }`; a `node:` import has name 'node:'.
 */
export async function checkBundlers({ root = ROOT, entries, external = [], known = KNOWN_THIRD_PARTY } = {}) {
  const start = performance.now();
  const listed = entries ? { entries, skipped: [] } : packageEntries(root);
  const raw = [];
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: listed.entries,
      bundle: true,
      format: 'esm',
      splitting: true,
      platform: 'browser',
      outdir: OUT,
      write: false,
      metafile: true,
      logLevel: 'silent',
      external,
    });
  } catch (err) {
    for (const e of err.errors ?? [err]) {
      const node = /node:|Node\.js|built-in/.test(e.text ?? '');
      raw.push({
        entries: ['(build)'],
        module: e.location?.file ?? '(unknown)',
        name: node ? 'node:' : 'build error',
        chunk: '',
        line: 0,
        text: e.text ?? String(e),
      });
    }
  }
  if (result) {
    const reach = entriesOfOutputs(result.metafile, listed.entries);
    for (const file of result.outputFiles) {
      const key = path.relative(root, file.path).split(path.sep).join('/');
      const chunk = path.basename(file.path);
      const reached = [...(reach.get(key) ?? [])];
      // A chunk no entry reaches is never loaded (esbuild still emits the dynamic imports of code it tree-shook away).
      if (!reached.length) continue;
      const code = file.text;
      for (const m of code.matchAll(/\bfrom\s*["'](node:[^"']+)["']|\bimport\s*\(?\s*["'](node:[^"']+)["']/g)) {
        raw.push({
          entries: reached,
          module: moduleAt(code, m.index),
          name: 'node:',
          chunk,
          line: lineOf(code, m.index),
          text: m[1] ?? m[2],
        });
      }
      for (const ref of freeReferences(code)) {
        raw.push({ entries: reached, module: moduleAt(code, ref.offset), name: ref.name, chunk, line: lineOf(code, ref.offset) });
      }
    }
  }
  const all = group(raw);
  const ours = (g) => /^(dist|src)\//.test(g.module);
  const findings = all.filter((g) => ours(g) || !(g.key in known));
  const met = all.filter((g) => !ours(g) && g.key in known);
  const stale = result ? Object.keys(known).filter((k) => !met.some((g) => g.key === k)) : [];
  return { findings, known: met, stale, skipped: listed.skipped, ms: Math.round(performance.now() - start) };
}

function lineOf(code, offset) {
  let line = 1;
  for (let i = code.indexOf('\n'); i !== -1 && i < offset; i = code.indexOf('\n', i + 1)) line++;
  return line;
}

/** One line per finding: `node_modules/x/y.js references process unguarded 3× (chunk-….js:12), in dist/index.js, …`. */
export function describeFinding(f) {
  const what =
    f.name === 'node:' ? `imports ${f.text}` : f.name === 'build error' ? `does not bundle: ${f.text}` : `references ${f.name} unguarded`;
  const entries = f.entries.length > 4 ? `${f.entries.slice(0, 4).join(', ')} and ${f.entries.length - 4} more` : f.entries.join(', ');
  return `${f.module} ${what}${f.count > 1 ? ` ${f.count}×` : ''}${f.at ? ` (${f.at})` : ''}, in ${entries || '(no entry)'}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { findings, known, stale, skipped, ms } = await checkBundlers();
  for (const note of skipped) console.log(`check-bundlers: skipped ${note}`);
  for (const k of known) console.log(`check-bundlers: known third-party: ${describeFinding(k)}: ${KNOWN_THIRD_PARTY[k.key]}`);
  for (const k of stale) console.error(`check-bundlers: "${k}" is listed in KNOWN_THIRD_PARTY but no longer occurs: remove it`);
  if (findings.length) {
    console.error(`check-bundlers: ${findings.length} finding(s) in a plain esbuild bundle:`);
    for (const f of findings) console.error(`  ${describeFinding(f)}`);
  }
  if (findings.length || stale.length) process.exit(1);
  console.log(
    `check-bundlers: every browser entry bundles with plain esbuild; nothing of ours references process/global/Buffer or node: (${ms} ms)`,
  );
}
