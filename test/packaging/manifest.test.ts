/**
 * The package.json each tarball carries (issue 28, item 12): what a dApp's install reads, none of
 * what only the repository uses (workspaces, scripts, devDependencies, overrides), and the
 * working tree's package.json unchanged by the pack (prepack strips, postpack restores).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packBoth } from '../../scripts/lib/packaging.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-manifest-'));
const before = new Map<string, string>();
let tarballs: { client: string; server: string };
beforeAll(async () => {
  for (const file of ['package.json', 'server/package.json']) before.set(file, readFileSync(path.join(ROOT, file), 'utf8'));
  tarballs = await packBoth(dir);
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }), 120_000);

const packedManifest = (tarball: string) =>
  JSON.parse(execFileSync('tar', ['xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;

describe.each([
  ['w3kit', 'client', 'package.json'],
  ['w3kit-server', 'server', 'server/package.json'],
] as const)('the published package.json of %s', (name, which, file) => {
  it('has no workspaces, scripts, devDependencies, overrides or allowScripts', () => {
    const pkg = packedManifest(tarballs[which]);
    expect(pkg.name).toBe(name);
    for (const field of ['workspaces', 'scripts', 'devDependencies', 'overrides', 'allowScripts'])
      expect(pkg, field).not.toHaveProperty(field);
  });

  it("keeps what an install reads, and the repository's package.json comes back as it was", () => {
    const pkg = packedManifest(tarballs[which]);
    const own = JSON.parse(before.get(file)!) as Record<string, unknown>;
    for (const field of ['version', 'dependencies', 'engines', 'files', 'exports', 'bin', 'peerDependencies'])
      expect(pkg[field], field).toEqual(own[field]);
    expect(readFileSync(path.join(ROOT, file), 'utf8')).toBe(before.get(file));
  });
});
