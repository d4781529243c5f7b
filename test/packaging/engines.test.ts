/**
 * The server package's own dependency tree is true to its `engines` (issue 28, item 13): the
 * packed w3kit-server installed into a fresh folder with --omit=dev gives no EBADENGINE warning on
 * this Node (cookie@2, through the newest light-my-request of fastify's range, wants Node 22), and
 * every installed package accepts the oldest Node the package says it runs on. The client's tree
 * is checked the same way in install.test.ts, on the install it already makes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineWarnings, oldestNode, refusingPackages } from '../../scripts/lib/engines.mjs';
import { installTarball, packBoth } from '../../scripts/lib/packaging.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-engines-'));
let install: Awaited<ReturnType<typeof installTarball>>;
beforeAll(async () => {
  install = await installTarball((await packBoth(dir)).server);
}, 300_000);
afterAll(() => {
  install?.cleanup();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('the packed w3kit-server installed with --omit=dev', () => {
  it('warns of no unsupported engine on this Node', () => {
    expect(install.installed.some((p) => p.name === 'w3kit-server')).toBe(true);
    expect(engineWarnings(install.output)).toEqual([]);
  });

  it("has every installed package accept the oldest Node of the package's engines, a Node 20", () => {
    const { engines } = JSON.parse(readFileSync(path.join(ROOT, 'server/package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = oldestNode(engines.node)!;
    expect(oldest).toMatch(/^20\./);
    expect(refusingPackages(install.installed, oldest)).toEqual([]);
  });
});
