import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config.js';

describe('the Farcaster sandbox setting', () => {
  it('is off by default and on by --farcaster-sandbox, W3KIT_FARCASTER_SANDBOX=1 or socials.farcaster.sandbox', () => {
    expect(resolveConfig({}, {}).farcasterSandbox).toBe(false);
    expect(resolveConfig({ 'farcaster-sandbox': true }, {}).farcasterSandbox).toBe(true);
    expect(resolveConfig({}, { W3KIT_FARCASTER_SANDBOX: '1' }).farcasterSandbox).toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-fc-config-'));
    const file = path.join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ socials: { farcaster: { sandbox: true } } }));
    expect(resolveConfig({ config: file }, {}).farcasterSandbox).toBe(true);
    writeFileSync(file, JSON.stringify({ socials: { farcaster: { sandbox: 'maybe' } } }));
    expect(() => resolveConfig({ config: file }, {})).toThrow(/socials\.farcaster\.sandbox.*must be true or false/);
    writeFileSync(file, JSON.stringify({ socials: { farcaster: { relay: 'x' } } }));
    expect(() => resolveConfig({ config: file }, {})).toThrow(/unknown key 'socials\.farcaster\.relay'/);
  });
});
