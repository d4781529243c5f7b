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
      for (const [fileName, item] of Object.entries(bundle)) {
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
