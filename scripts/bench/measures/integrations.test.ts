import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { integrationLines, measureIntegrations } from './integrations.mjs';

let dir: string;
function dist(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'w3kit-integrations-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ENTRIES = {
  'integrations/shared.js': 'export const shared = (x) => ({ wrapped: x, at: Date.now() });\n',
  // The peers are left out: these imports would not resolve here if they were bundled.
  'wagmi/index.js':
    "import { createConfig } from '@wagmi/core';\nimport { shared } from '../integrations/shared.js';\nexport const a = () => shared(createConfig);\n",
  'ethers/index.js':
    "import { BrowserProvider } from 'ethers';\nimport { shared } from '../integrations/shared.js';\nexport const b = () => shared(BrowserProvider);\n",
};

describe('measureIntegrations', () => {
  it('sizes each entry without its peers, and finds no integration in the main entry', async () => {
    const m = await measureIntegrations(dist({ ...ENTRIES, 'index.js': "export const main = 'modal';\n" }));
    expect(m.values.wagmiEntryGzip).toBeGreaterThan(0);
    expect(m.values.ethersEntryGzip).toBeGreaterThan(0);
    expect(m.json.wagmi.modules).toBe(2); // the entry and the shared module: @wagmi/core is the app's
    expect(m.json.mainEntry.modules).toBe(1);
    const lines = integrationLines(m);
    expect(lines[0]).toMatch(/^ {2}w3kit\/wagmi: \d+\.\d KB gzip of our code \(2 modules, its peers left out\)$/);
    expect(lines.at(-1)).toMatch(/no integration module in it$/);
  });

  it('throws naming the module when the main entry reaches an integration', async () => {
    const root = dist({
      ...ENTRIES,
      'index.js': "export { a } from './wagmi/index.js';\n",
      'node_modules/@wagmi/core/index.js': 'export const createConfig = 1;\n',
    });
    writeFileSync(path.join(root, 'node_modules/@wagmi/core/package.json'), '{"name":"@wagmi/core","main":"index.js"}');
    await expect(measureIntegrations(root)).rejects.toThrow(
      /the main entry \(dist\/index\.js\) bundles integration code: .*wagmi\/index\.js/,
    );
  });
});
