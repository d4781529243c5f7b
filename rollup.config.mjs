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
 * CommonJS dependencies that use Node's global `Buffer` (borsh, under @solana/web3.js) get the
 * `buffer` package instead: no Node global is left in the browser chunks.
 */
function bufferForCommonJs() {
  const FREE_BUFFER = /(^|[^.\w$])Buffer\.(from|alloc|allocUnsafe|concat|isBuffer|byteLength)\b/;
  return {
    name: 'w3kit-buffer-for-commonjs',
    transform(code, id) {
      if (!id.includes('/node_modules/') || id.includes('/node_modules/buffer/') || !FREE_BUFFER.test(code)) return null;
      if (
        /\b(import|export)\b[^;]*\bfrom\b/.test(code) ||
        /\bBuffer\s*=\s*require\(/.test(code) ||
        /\bimport\s*\{[^}]*\bBuffer\b/.test(code)
      )
        return null;
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
    terser({ ecma: 2022, module: true, compress: { passes: 3, unsafe_arrows: true }, format: { comments: false } }),
    chunkManifest(),
  ],
};
