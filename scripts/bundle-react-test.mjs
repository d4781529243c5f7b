#!/usr/bin/env node
/**
 * Bundles the React browser tests (test/react/*.test.tsx) to test/.bundled/react/*.test.js.
 * React and react-dom are CommonJS, which the test runner's plain node-resolve cannot load, so
 * these tests are bundled with esbuild first; web-test-runner then runs the bundles
 * (test/.bundled/ is git-ignored).
 *
 * Only `@web/test-runner-commands` stays external: the test runner serves it (it talks to the
 * runner over its websocket).
 *
 * The project's package.json `sideEffects` lists dist/ paths; bundling from src/ they match
 * nothing, so esbuild would drop side-effect imports such as `import '../elements.js'`. The
 * `src-side-effects` plugin applies the same list to the src/ files the dist files come from
 * (./dist/x.js -> src/x.ts), so the bundle behaves like a consumer's bundle of dist/.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC_DIR = path.join(ROOT, 'test/react');
const OUT_DIR = path.join(ROOT, 'test/.bundled/react');

/** A package.json `sideEffects` glob as a RegExp on repo-relative paths. */
function globToRegExp(glob) {
  const re = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) =>
      part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${re}$`);
}

/**
 * The src/ modules with side effects: the `sideEffects` globs themselves (src/ entries) and,
 * for dist/ entries, the src/ file each dist file is compiled from (./dist/x.js -> src/x.ts).
 */
function srcPatternsOf(globs) {
  const patterns = [];
  for (const glob of globs) {
    const rel = glob.replace(/^\.\//, '');
    if (rel.startsWith('src/')) patterns.push(globToRegExp(rel));
    else if (rel.startsWith('dist/')) patterns.push(globToRegExp(`src/${rel.slice('dist/'.length)}`.replace(/\.js$/, '.ts')));
  }
  return patterns;
}

function isSideEffectful(patterns, rel) {
  return patterns.some((re) => re.test(rel) || re.test(rel.replace(/\.tsx?$/, '.js')));
}

function srcSideEffectsPlugin() {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const globs = Array.isArray(pkg.sideEffects) ? pkg.sideEffects : [];
  const patterns = srcPatternsOf(globs);
  if (!isSideEffectful(srcPatternsOf(globs.filter((g) => /^(\.\/)?dist\//.test(g))), 'src/react/index.ts')) {
    console.warn(
      'bundle-react-test: package.json "sideEffects" does not list "./dist/react/index.js", so a bundler drops its\n' +
        "  `import '../elements.js'` when only re-exports are used: importing w3kit/react would not define the elements.\n" +
        '  src/react/index.ts re-exports by name, which keeps it in esbuild bundles; webpack skips such modules.',
    );
  }
  return {
    name: 'src-side-effects',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData?.srcSideEffects) return undefined;
        const result = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { srcSideEffects: true },
        });
        if (result.errors.length) return { errors: result.errors };
        const rel = path.relative(ROOT, result.path).split(path.sep).join('/');
        if (rel.startsWith('src/') && isSideEffectful(patterns, rel)) return { ...result, sideEffects: true };
        return result;
      });
    },
  };
}

export async function bundleReactTests({ quiet = false } = {}) {
  const entries = readdirSync(SRC_DIR)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .sort()
    .map((f) => path.join(SRC_DIR, f));
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  if (!entries.length) return [];
  await esbuild.build({
    entryPoints: entries,
    outdir: OUT_DIR,
    outbase: SRC_DIR,
    entryNames: '[dir]/[name]',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['production'],
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['@web/test-runner-commands'],
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    jsx: 'automatic',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [srcSideEffectsPlugin()],
  });
  const outputs = entries.map((e) => path.relative(ROOT, path.join(OUT_DIR, path.basename(e).replace(/\.tsx?$/, '.js'))));
  if (!quiet) console.log(`bundle-react-test: wrote ${outputs.join(', ')}`);
  return outputs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleReactTests();
}
