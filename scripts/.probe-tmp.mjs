import * as esbuild from 'esbuild';
const imports = process.argv.slice(2);
for (const names of imports) {
  const r = await esbuild.build({
    stdin: { contents: `import { ${names} } from './src/react/index.js'; console.log(${names});`, resolveDir: '/work/main', loader: 'ts' },
    bundle: true, write: false, format: 'esm', logLevel: 'silent', define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [{ name: 'x', setup(b) { b.onResolve({ filter: /^\.\.?\// }, async (a) => {
      if (a.pluginData?.x) return;
      const r = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: { x: 1 } });
      const se = /src\/elements(\.ts|\/)/.test(r.path) ? true : r.sideEffects;
      return { path: r.path, namespace: r.namespace, external: r.external, sideEffects: se };
    }); } }],
  });
  console.log(names.padEnd(40), /^defineElements\(\);/m.test(r.outputFiles[0].text));
}
