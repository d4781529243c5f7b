/**
 * Each published package's own dependency tree is true to its `engines` (issue 28, item 13): the
 * packed tarball installed into a fresh folder with --omit=dev gives no EBADENGINE warning on this
 * Node (cookie@2, through the newest light-my-request of fastify's range, wants Node 22), and
 * every installed package accepts the oldest Node the package says it runs on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTarball, packBoth } from '../../scripts/lib/packaging.mjs';

type Install = Awaited<ReturnType<typeof installTarball>>;
const ROOT = path.resolve(import.meta.dirname, '../..');
const enginesOf = (file: string) => (JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { engines: { node: string } }).engines.node;

const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-engines-'));
const installs = new Map<string, Install>();
beforeAll(async () => {
  const tarballs = await packBoth(dir);
  // One after the other: each install is a real npm run over a few hundred packages.
  installs.set('w3kit', await installTarball(tarballs.client));
  installs.set('w3kit-server', await installTarball(tarballs.server));
}, 300_000);
afterAll(() => {
  for (const install of installs.values()) install.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['w3kit', 'package.json'],
  ['w3kit-server', 'server/package.json'],
])('the packed %s installed with --omit=dev', (name, manifest) => {
  it('warns of no unsupported engine on this Node', () => {
    const install = installs.get(name)!;
    expect(install.installed.some((p) => p.name === name)).toBe(true);
    expect(install.output.split('\n').filter((line) => /EBADENGINE/.test(line))).toEqual([]);
  });

  it("has every installed package accept the oldest Node of the package's engines, a Node 20", () => {
    const range = enginesOf(manifest);
    const oldest = semver.minVersion(range)!;
    expect(oldest.major).toBe(20);
    const refusing = installs
      .get(name)!
      .installed.filter((p) => {
        const node = (p.pkg.engines as { node?: string } | undefined)?.node;
        return node !== undefined && !semver.satisfies(oldest, node);
      })
      .map((p) => `${p.name}@${String(p.pkg.version)} wants node ${String((p.pkg.engines as { node: string }).node)}`);
    expect(refusing).toEqual([]);
  });
});
