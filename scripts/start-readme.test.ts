/**
 * What `npm start` prints and what the README says of it agree: the table of ports lists every
 * port variable scripts/start.mjs reads, with the default it falls back to (a new user sets them
 * from the table to avoid a busy port), the chains' lines are quoted as printed, and the demo
 * pages' lines name the chains the demos offer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const start = readFileSync(new URL('./start.mjs', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** Each `env('W3KIT_X_PORT', default)` of start.mjs, first default wins. */
function startPorts(): Map<string, string> {
  const ports = new Map<string, string>();
  for (const [, name, fallback] of start.matchAll(/env\('(W3KIT_[A-Z_]+_PORT)',\s*([^)]+?)\)/g)) {
    if (!ports.has(name!)) ports.set(name!, fallback!.trim());
  }
  return ports;
}

/** The README table's rows: variable to port. */
function readmePorts(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [, port, name] of readme.matchAll(/^\|.*\|\s*(\d+)\s*\|\s*`(W3KIT_[A-Z_]+_PORT)`\s*\|$/gm)) rows.set(name!, port!);
  return rows;
}

describe("README: npm start's ports", () => {
  it('lists every port variable start.mjs reads, with its default', () => {
    const ports = startPorts();
    expect(ports.size).toBeGreaterThanOrEqual(10);
    const rows = readmePorts();
    for (const [name, fallback] of ports) {
      // A default derived from another variable (the relay and frame follow the backend's port).
      const expected = /^\d+$/.test(fallback) ? fallback : undefined;
      expect(rows.has(name), `README's port table has no row for ${name}`).toBe(true);
      if (expected) expect(rows.get(name), `README's default for ${name}`).toBe(expected);
    }
  });

  it("quotes the chains' lines as start.mjs prints them", () => {
    const quoted = [...readme.matchAll(/is printed as\n`((?:bitcoin|solana) [^`]+)`/g)].map(([, line]) => line!);
    expect(quoted).toHaveLength(2);
    for (const line of quoted) {
      // The words around the values (URLs, addresses, keys) are start.mjs's own.
      const words = line
        .split(/\s+\S*(?:http|ws):\/\/\S+|<[^>]+>/)
        .map((part) => part.trim())
        .filter(Boolean);
      for (const part of words) expect(start, `start.mjs prints "${part}" (README: ${line})`).toContain(part);
    }
  });

  it("names the Bitcoin chain beside EVM and Solana on the demo pages' lines (both demos offer Bitcoin Regtest)", () => {
    const demoPage = readFileSync(new URL('../demo/index.html', import.meta.url), 'utf8');
    const reactApp = readFileSync(new URL('../demo/react/App.tsx', import.meta.url), 'utf8');
    expect(demoPage).toContain('bip122:');
    expect(reactApp).toContain('networks.bitcoinRegtest');
    const lines = [...start.matchAll(/`(demo|react demo) +\$\{demoUrl\}[^`]*`/g)].map(([line]) => line);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/Dev Wallet on EVM, Solana and Bitcoin/);
    expect(lines[0]).toContain('Bitcoin Regtest');
  });

  it("warns, as the README says, when a chain port the demo pages' presets read is moved", () => {
    const moved = [...start.matchAll(/\['(W3KIT_[A-Z_]+_PORT)', (\d+)\]/g)].map(([, name, port]) => [name!, port!]);
    expect(moved.map(([name]) => name)).toEqual(['W3KIT_HARDHAT_PORT', 'W3KIT_HARDHAT_B_PORT', 'W3KIT_SOLANA_PORT', 'W3KIT_BITCOIN_PORT']);
    const rows = readmePorts();
    for (const [name, port] of moved) expect(rows.get(name), `the preset port of ${name}`).toBe(port);
    const paragraph = readme.slice(readme.indexOf('The demo pages name their networks by id'));
    for (const [, port] of moved) expect(paragraph.slice(0, 400)).toContain(port);
  });
});
