/**
 * The integration entries (issue 18): what `w3kit/wagmi` and `w3kit/ethers` add to an app that
 * imports them, and proof that they add nothing to one that does not.
 *
 * Each entry (dist/wagmi/index.js, dist/ethers/index.js) is bundled with plain esbuild (minified,
 * ESM, browser), with the packages an app already has for it left out (wagmi, @wagmi/core, viem,
 * ethers, TanStack Query, React): the figure is our own code, gzip level 9. Then the package's main
 * entry (dist/index.js) is bundled the same way, and none of its inputs may come from the
 * integrations (dist/wagmi, dist/ethers, dist/integrations) or their peers.
 */
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build } from 'esbuild';

const KB = 1024;
export const INTEGRATION_ENTRIES = ['wagmi', 'ethers'];
/** What an app that imports an integration already has. */
const PEERS = ['wagmi', 'wagmi/*', '@wagmi/*', 'viem', 'viem/*', 'ethers', 'ethers/*', '@tanstack/*', 'react', 'react/*', 'react-dom'];
const INTEGRATION_MODULE = /^(wagmi|ethers|integrations)\//;
const INTEGRATION_PEER = /(^|\/)node_modules\/(wagmi|@wagmi|ethers|@tanstack)\//;

async function bundle(entry, external) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external,
  });
  const code = Buffer.concat(result.outputFiles.map((f) => Buffer.from(f.contents)));
  return { gzip: gzipSync(code, { level: 9 }).length, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * `{ values: { wagmiEntryGzip, ethersEntryGzip } (KB), json }`; throws naming the module when the
 * main entry reaches an integration.
 */
export async function measureIntegrations(distDir) {
  const values = {};
  const json = {};
  for (const name of INTEGRATION_ENTRIES) {
    const { gzip, inputs } = await bundle(path.join(distDir, name, 'index.js'), PEERS);
    values[`${name}EntryGzip`] = gzip / KB;
    json[name] = { gzip, modules: inputs.length };
  }
  // The main entry with nothing left out but what every app has (React for the elements' wrappers is not in it).
  const main = await bundle(path.join(distDir, 'index.js'), []);
  const inDist = (input) => path.relative(distDir, path.resolve(input)).split(path.sep).join('/');
  const leaked = main.inputs.filter((input) => INTEGRATION_MODULE.test(inDist(input)) || INTEGRATION_PEER.test(input)).map(inDist);
  if (leaked.length) throw new Error(`the main entry (dist/index.js) bundles integration code: ${leaked.slice(0, 5).join(', ')}`);
  json.mainEntry = { gzip: main.gzip, modules: main.inputs.length };
  return { values, json };
}

/** The lines the bench prints. */
export function integrationLines({ values, json }) {
  return [
    ...INTEGRATION_ENTRIES.map(
      (name) =>
        `  w3kit/${name}: ${(values[`${name}EntryGzip`] ?? 0).toFixed(1)} KB gzip of our code (${json[name].modules} modules, its peers left out)`,
    ),
    `  w3kit (main entry, bundled whole): ${(json.mainEntry.gzip / KB).toFixed(1)} KB gzip, no integration module in it`,
  ];
}
