/**
 * What a dApp gets from `npm install w3kit` (issue: two packages): both packages are packed,
 * the client's tarball is installed into an empty folder with --omit=dev, and nothing only the
 * server uses arrives, nothing needs a native build. Needs the client built (npm test builds).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineWarnings, oldestNode, refusingPackages } from '../../scripts/lib/engines.mjs';
import { needsNativeBuild, packAndInstall, serverOnlyPackages, type PackInstall } from '../../scripts/lib/packaging.mjs';
import { repositoryManifest } from '../../scripts/pack-manifest.mjs';

let result: PackInstall;
beforeAll(async () => {
  result = await packAndInstall();
}, 240_000);
afterAll(() => result?.cleanup(), 120_000);

const tarballFiles = (tarball: string): string[] =>
  execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));

describe('the w3kit client package', () => {
  it('installs without fastify, better-sqlite3 or any package only the server uses', () => {
    const names = new Set(result.installed.map((p) => p.name));
    expect(names.has('w3kit')).toBe(true);
    const serverOnly = serverOnlyPackages();
    // The list is the server's dependency closure minus the client's: it holds the backend's stack.
    expect(serverOnly).toEqual(expect.arrayContaining(['fastify', 'better-sqlite3']));
    expect(serverOnly).not.toContain('ws'); // may still arrive through @walletconnect/sign-client
    expect(serverOnly.filter((name) => names.has(name))).toEqual([]);
    expect(names.has('w3kit-server')).toBe(false);
  });

  it('needs no native build', () => {
    // @solana/web3.js, whose websocket client brought ws's two native speed-ups, is an optional
    // peer now (test/packaging/footprint.test.ts): nothing native arrives.
    expect(result.installed.filter((p) => needsNativeBuild(p)).map((p) => p.name)).toEqual([]);
  });

  it('ships browser code, types and the manifest, not the server or the demo', () => {
    const files = tarballFiles(result.tarballs.client);
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/cdn/w3kit.js', 'custom-elements.json']));
    expect(files.filter((f) => /^(server|src)\/|^dist\/(server|demo)\//.test(f))).toEqual([]);
    expect(result.packages).toBeGreaterThan(1);
    expect(result.bytes).toBeGreaterThan(0);
  });

  it('has a dependency tree true to its engines: no EBADENGINE, every package accepts its oldest Node (a Node 20)', () => {
    expect(engineWarnings(result.output)).toEqual([]);
    const oldest = oldestNode(
      (repositoryManifest(path.resolve(import.meta.dirname, '../..')) as { engines: { node: string } }).engines.node,
    )!;
    expect(oldest).toMatch(/^20\./);
    expect(refusingPackages(result.installed, oldest)).toEqual([]);
  });

  it('is importable by the dApp: the entry and its types resolve', () => {
    const probe = path.join(result.app, 'probe.mjs');
    writeFileSync(probe, "const m = await import('w3kit'); console.log(typeof m.createW3Modal, typeof m.networks.localhost);");
    expect(execFileSync(process.execPath, [probe], { cwd: result.app, encoding: 'utf8' }).trim()).toBe('function object');
  });
});

describe('the w3kit-server package', () => {
  it('carries its bundled bin and declares the backend stack as its own dependencies', () => {
    const files = tarballFiles(result.tarballs.server);
    expect(files).toContain('dist/w3kit-server.js');
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-server-pkg-'));
    try {
      mkdirSync(path.join(dir, 'x'));
      execFileSync('tar', ['xzf', result.tarballs.server, '-C', path.join(dir, 'x'), 'package/package.json']);
      const pkg = JSON.parse(execFileSync('cat', [path.join(dir, 'x/package/package.json')], { encoding: 'utf8' })) as {
        bin: Record<string, string>;
        dependencies: Record<string, string>;
      };
      expect(pkg.bin['w3kit-server']).toBe('./dist/w3kit-server.js');
      expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['fastify', 'better-sqlite3']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
