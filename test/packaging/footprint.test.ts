/**
 * A dApp installs only the chains it uses (issue 30, section 3): the packed client, installed
 * alone the way an EVM-only dApp does (`npm install w3kit`, --omit=dev, scripts not run), brings
 * no install script, no TypeScript compiler and nothing of Solana's; @solana/web3.js is an
 * optional peer, and a Solana network without it fails with a sentence naming the package.
 * Needs the client built (npm test builds). The bench prints the same footprint per install line.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFresh, packClient, typeScriptCompilers, withInstallScripts, type FreshInstall } from '../../scripts/lib/packaging.mjs';

let dir: string;
let evm: FreshInstall;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'w3kit-footprint-'));
  evm = await installFresh([await packClient(dir)]);
  console.log(`npm install w3kit (--omit=dev): ${evm.packages} packages, ${(evm.bytes / 2 ** 20).toFixed(1)} MB`);
}, 240_000);
afterAll(() => {
  evm?.cleanup();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

const names = (packages: { name: string }[]) => packages.map((p) => p.name).sort();

describe('npm install w3kit, for an EVM-only dApp', () => {
  it('declares @solana/web3.js an optional peer, not a dependency', () => {
    const pkg = JSON.parse(readFileSync(path.join(evm.app, 'node_modules/w3kit/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    expect(Object.keys(pkg.dependencies)).not.toContain('@solana/web3.js');
    expect(pkg.peerDependencies['@solana/web3.js']).toBeTruthy();
    expect(pkg.peerDependenciesMeta['@solana/web3.js']).toEqual({ optional: true });
  });

  it('brings no package with an install script', () => {
    expect(names(withInstallScripts(evm.installed))).toEqual([]);
  });

  it('brings no TypeScript compiler', () => {
    expect(names(typeScriptCompilers(evm.installed))).toEqual([]);
  });

  it('brings nothing of Solana', () => {
    expect(names(evm.installed).filter((name) => name.startsWith('@solana/'))).toEqual([]);
  });

  it('loads w3kit, and a Solana network without @solana/web3.js fails naming the package to install', () => {
    const probe = path.join(evm.app, 'probe.mjs');
    writeFileSync(
      probe,
      [
        "await import('w3kit');",
        "const table = await import('./node_modules/w3kit/dist/chains/registry.js');",
        "await table.loadAdapter('solana').then(() => console.log('loaded'), (e) => console.log(e.name, e.message));",
      ].join('\n'),
    );
    expect(execFileSync(process.execPath, [probe], { cwd: evm.app, encoding: 'utf8' }).trim()).toBe(
      'W3ConfigError Invalid option "networks": Solana needs @solana/web3.js: npm install @solana/web3.js',
    );
  });
});
