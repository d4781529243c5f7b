#!/usr/bin/env node
/**
 * `npm run attack`: the attack suite of issue 29 (items 1 to 6 against a real w3kit-server,
 * loopback only, bounded in count and time); see server/README.md, "Attack suite". Builds the
 * server bin (server/dist, unless --no-build or --url), bundles the suite
 * (server/test/attack/cli.ts, TypeScript sharing the relay tests' helpers) into .cache/attack
 * with esbuild, packages and scripts/lib/*.mjs left external, and runs it with the other options.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode, ROOT } from './lib/bundle-node.mjs';
import { run } from './lib/run.mjs';

const OUT = path.join(ROOT, '.cache/attack/cli.mjs');

/** The suite's bundle: its own TypeScript bundled; packages and the repository's .mjs modules imported where they are. */
export async function bundleSuite(outfile = OUT) {
  return bundleForNode({
    entry: 'server/test/attack/cli.ts',
    outfile,
    plugins: [
      {
        name: 'mjs-in-place',
        setup(build) {
          build.onResolve({ filter: /\.mjs$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), external: true }));
        },
      },
    ],
  });
}

const argv = process.argv.slice(2);
const noBuild = argv.includes('--no-build');
const rest = argv.filter((arg) => arg !== '--no-build');
if (!noBuild && !rest.includes('--help') && !rest.some((arg) => arg === '--url' || arg.startsWith('--url='))) {
  await run('node', ['server/scripts/bundle.mjs'], { cwd: ROOT });
}
const { main } = await import(pathToFileURL(await bundleSuite()).href);
process.exit(await main(rest));
