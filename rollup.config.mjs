import { gzipSync } from 'node:zlib';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { minifyCssLiterals } from './scripts/lib/css-literals.mjs';

/**
 * Writes dist/cdn/manifest.json: every chunk with its static and dynamic imports, sizes, and the
 * project's modules in it with their rendered (minified) bytes, to see what a chunk holds.
 */
function chunkManifest() {
  return {
    name: 'w3kit-chunk-manifest',
    generateBundle(_options, bundle) {
      const chunks = {};
      // w3kit.js first: readers take the first entry for the page's first load (siwx.js is the other).
      const items = Object.entries(bundle).sort(([a], [b]) => Number(b === 'w3kit.js') - Number(a === 'w3kit.js'));
      for (const [fileName, item] of items) {
        if (item.type !== 'chunk') continue;
        chunks[fileName] = {
          isEntry: item.isEntry,
          name: item.name,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          bytes: Buffer.byteLength(item.code),
          gzip: gzipSync(item.code, { level: 9 }).length,
          modules: Object.fromEntries(
            Object.entries(item.modules)
              .filter(([id]) => !id.includes('node_modules') && !id.startsWith('\0'))
              .map(([id, m]) => [path.relative(process.cwd(), id), m.renderedLength]),
          ),
        };
      }
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: JSON.stringify({ chunks }, null, 2) });
    },
  };
}

/**
 * borsh (CommonJS, under @solana/web3.js) uses Node's global `Buffer`: it gets the `buffer`
 * package instead, so no Node global is left in the browser chunks. Named, not detected: a
 * module the CommonJS plugin does not convert must not get a `require`.
 */
const NEEDS_BUFFER = ['/node_modules/borsh/'];
function bufferForCommonJs() {
  return {
    name: 'w3kit-buffer-for-commonjs',
    transform(code, id) {
      if (!NEEDS_BUFFER.some((dir) => id.includes(dir)) || !id.endsWith('.js')) return null;
      return { code: `var Buffer = require('buffer').Buffer;\n${code}`, map: null };
    },
  };
}

/**
 * `siwx.js` beside `w3kit.js`: the `w3kit/siwx` exports for script-tag pages, a second entry
 * with a strict signature. What it needs of w3kit.js's own modules it imports through w3kit.js's
 * public exports (the error classes, the network presets): shared any other way, rollup would
 * move those modules out of w3kit.js into a chunk the first load fetches too. Nothing of w3kit.js
 * imports siwx.js, so a page loading only w3kit.js never loads it.
 */
const SIWX_DIR = path.resolve('dist/siwx');
const FROM_W3KIT = new Set(['core/errors/base.js', 'core/errors/config.js', 'wire/networks.js'].map((f) => path.resolve('dist', f)));
/**
 * w3kit.js as an external module: an absolute id rendered relative to each importing chunk, from
 * the input base (dist/, the entries' common folder, standing for dist/cdn/), so siwx.js imports
 * './w3kit.js' and chunks/* '../w3kit.js' (rollup hoists siwx.js's imports into its lazy chunks).
 */
const W3KIT_EXTERNAL = path.resolve('dist/w3kit.js');
const W3KIT_SPECIFIER = /(?:from|import)\s*"([^"]*w3kit\.js)"/g;
function siwxEntry() {
  return {
    name: 'w3kit-siwx-entry',
    buildStart() {
      this.emitFile({ type: 'chunk', id: 'dist/siwx/index.js', fileName: 'siwx.js', preserveSignature: 'strict' });
    },
    resolveId(source, importer) {
      if (!importer?.startsWith(SIWX_DIR + path.sep) || !source.startsWith('.')) return null;
      const target = path.resolve(path.dirname(importer), source);
      return FROM_W3KIT.has(target) ? { id: W3KIT_EXTERNAL, external: 'relative' } : null;
    },
    generateBundle(_options, bundle) {
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue;
        for (const [, specifier] of item.code.matchAll(W3KIT_SPECIFIER))
          if (path.posix.join(path.posix.dirname(fileName), specifier) !== 'w3kit.js')
            this.error(`${fileName} imports "${specifier}", which is not w3kit.js`);
      }
    },
  };
}

export default {
  input: { w3kit: 'dist/cdn.js' },
  // Let the entry also export what lazy chunks share, so the first load is one request.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist/cdn',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: false,
  },
  plugins: [
    siwxEntry(),
    // Before terser, which keeps a template literal's whitespace as it is.
    minifyCssLiterals(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    // `events` (WalletConnect's sign-client) is CommonJS; the npm package stands in for Node's module.
    resolve({ browser: true, exportConditions: ['production'], preferBuiltins: false }),
    bufferForCommonJs(),
    commonjs(),
    terser({ ecma: 2022, module: true, compress: { passes: 3 }, format: { comments: false } }),
    chunkManifest(),
  ],
};
