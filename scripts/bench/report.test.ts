import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cells, evaluate, HEAD, report, table, writeJson } from './report.mjs';
import { FIGURES } from './figures.mjs';
import { roundGroups } from './loads.mjs';

const COUNTERPARTS = {
  url: (f: string) => `/${f}`,
  localUrl: (f: string) => `//localhost/${f}`,
  chainUrl: 'http://chain',
  walletBundle: '/w.js',
  svmUrl: 'http://svm',
  solanaWalletBundle: '/s.js',
  mailUrl: 'http://backend/dev/mail.json',
};

const ratio = {
  id: 'b',
  label: 'button usable',
  unit: 'ms',
  digits: 1,
  subject: 'w3kit.b',
  reference: 'floor.b',
  compare: 'ratio',
  target: 1.5,
};
const diff = { id: 'h', label: 'heap', unit: 'MB', digits: 2, subject: 'w3kit.h', reference: 'empty.h', compare: 'difference', target: 2 };
const plain = { id: 's', label: 'first chunk', unit: 'KB gzip', digits: 1, subject: 'static.s', target: 32, anchor: 'AppKit ~1,216 KB' };

describe('evaluate', () => {
  it('passes a ratio figure on the median of the per-round ratios', () => {
    const r = evaluate(ratio, { 'w3kit.b': [12, 30, 15], 'floor.b': [10, 10, 10] });
    expect(r.compared).toMatchObject({ min: 1.2, median: 1.5, max: 3 });
    expect(r.subject).toMatchObject({ median: 15 });
    expect(r.reference).toMatchObject({ median: 10 });
    expect(r.status).toBe('PASS');
    expect(r.anchor).toBe('n/a');
  });

  it('is OVER when the median ratio is above the target', () => {
    expect(evaluate(ratio, { 'w3kit.b': [16, 17], 'floor.b': [10, 10] }).status).toBe('OVER');
  });

  it('compares a difference figure by subtraction', () => {
    const r = evaluate(diff, { 'w3kit.h': [4, 3.5], 'empty.h': [1.5, 1.5] });
    expect(r.compared?.median).toBe(2.25);
    expect(r.status).toBe('OVER');
  });

  it('compares a plain figure with its target, and keeps the anchor', () => {
    expect(evaluate(plain, { 'static.s': [39.5] })).toMatchObject({ status: 'OVER', anchor: 'AppKit ~1,216 KB' });
    expect(evaluate(plain, { 'static.s': [31] }).status).toBe('PASS');
    expect(evaluate({ ...plain, target: undefined }, { 'static.s': [31] }).status).toBe('—');
  });

  it('reports missing samples as n/a, but refuses a missing reference', () => {
    expect(evaluate(plain, {}).status).toBe('n/a');
    expect(() => evaluate(ratio, { 'w3kit.b': [1] })).toThrow('no samples for floor.b');
  });
});

describe('cells and table', () => {
  it('shows medians with ranges, the ratio, the target and status', () => {
    const row = cells(ratio, evaluate(ratio, { 'w3kit.b': [12, 30, 15], 'floor.b': [10, 10, 10] }));
    expect(row).toEqual(['button usable', '15.0 [12.0–30.0] ms', '10.0 ms', '1.50x [1.20–3.00]', '≤ 1.5x floor', 'PASS', 'n/a']);
  });

  it('shows a difference with its sign and unit', () => {
    const row = cells(diff, evaluate(diff, { 'w3kit.h': [3], 'empty.h': [1.5] }));
    expect(row[3]).toBe('+1.50 MB');
    expect(row[4]).toBe('≤ +2 MB over empty page');
  });

  it('drops the range when min and max print the same', () => {
    const row = cells(diff, evaluate(diff, { 'w3kit.h': [2.811, 2.812], 'empty.h': [1.8201, 1.8202] }));
    expect(row[1]).toBe('2.81 MB');
    expect(row[2]).toBe('1.82 MB');
  });

  it('shows an unavailable figure', () => {
    expect(cells(plain, evaluate(plain, {}))).toEqual(['first chunk', 'unavailable', '', '', '', 'n/a', 'AppKit ~1,216 KB']);
  });

  it('pads every column to its widest cell', () => {
    const lines = table([['a', 'bb']], ['head', 'x']);
    expect(lines).toEqual(['  head  x', '  ----  --', '  a     bb']);
  });

  it('report() prints a header, a rule and one line per figure', () => {
    const lines: string[] = [];
    const results = report([plain], { 'static.s': [39.5] }, (l: string) => lines.push(l));
    expect(results[0].status).toBe('OVER');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(HEAD[0]);
    expect(lines[2]).toMatch(/first chunk +39\.5 KB gzip .*OVER +AppKit/);
  });
});

describe('figures', () => {
  it('read only samples the rounds or the static measures produce', () => {
    const keys = new Set([
      'static.firstChunkGzip',
      'static.walletConnectChunkGzip',
      'static.localeChunkGzip',
      'static.solanaChunksGzip',
      'static.embeddedChunksGzip',
      'static.loginMethodChunksGzip',
      'static.siwxChunksGzip',
      'static.siwxEntryGzip',
      'static.swapChunksGzip',
      'static.onrampChunksGzip',
      'static.namesChunksGzip',
      'static.wagmiEntryGzip',
      'static.ethersEntryGzip',
      'static.frameSiteGzip',
      'static.installPackages',
      'static.installMB',
    ]);
    for (const group of roundGroups(COUNTERPARTS))
      for (const load of group.loads) for (const m of load.measures) keys.add(`${load.id}.${m.id}`);
    for (const f of FIGURES) {
      expect(keys, f.id).toContain(f.subject);
      if (f.reference) expect(keys, f.id).toContain(f.reference);
    }
  });

  it('hold the targets of DESIGN.md and the AppKit first-chunk anchor', () => {
    const byId = Object.fromEntries(FIGURES.map((f) => [f.id, f]));
    expect(byId.firstChunkGzip).toMatchObject({ target: 28, anchor: expect.stringContaining('1,216 KB') });
    expect(byId.buttonUsable).toMatchObject({ compare: 'ratio', target: 1.5, reference: 'floor.buttonUsable' });
    expect(byId.clickToModalPainted).toMatchObject({ compare: 'ratio', target: 2, reference: 'floor.clickToModalPainted' });
    expect(byId.heapAfterOpen).toMatchObject({ compare: 'difference', target: 2, reference: 'empty.heapAfterOpen' });
    expect(byId.allWalletsFirstRow).toMatchObject({ compare: 'ratio', target: 2, reference: 'registryFloor.clickToModalPainted' });
    expect(byId.allWalletsScrollLongTasks).toMatchObject({ target: 0 });
  });

  it('print the Solana chunks and the Solana connect round trip beside the EVM one', () => {
    const ids = FIGURES.map((f) => f.id);
    expect(ids.indexOf('connectRoundTripSolana')).toBe(ids.indexOf('connectRoundTrip') + 1);
    const byId = Object.fromEntries(FIGURES.map((f) => [f.id, f]));
    expect(byId.connectRoundTripSolana).toMatchObject({ label: 'connect round trip (solana)', subject: 'connectSolana.connectRoundTrip' });
    expect(byId.solanaChunksGzip).toMatchObject({ unit: 'KB gzip', subject: 'static.solanaChunksGzip' });
    const lines: string[] = [];
    report(
      [byId.connectRoundTrip, byId.connectRoundTripSolana],
      { 'connect.connectRoundTrip': [40, 50, 45], 'connectSolana.connectRoundTrip': [60, 80, 70] },
      (l: string) => lines.push(l),
    );
    expect(lines[2]).toMatch(/^ {2}connect round trip +45\.0 \[40\.0–50\.0\] ms/);
    expect(lines[3]).toMatch(/^ {2}connect round trip \(solana\) +70\.0 \[60\.0–80\.0\] ms/);
  });

  it('load the Solana connect page in the connect group, with the Solana test wallet over the SVM, before the page', () => {
    const connect = roundGroups(COUNTERPARTS).find((g) => g.name === 'connect');
    expect(connect?.loads.map((l) => l.id)).toEqual(['connect', 'connectSolana']);
    const solana = connect!.loads[1];
    expect(solana.url).toBe('/connect-solana.html');
    expect(solana.initScripts.at(-1)).toEqual({ path: '/s.js' });
    const config = solana.initScripts.at(-2)!.content!;
    expect(config).toMatch(/^window\.__W3_SOLANA_TEST_WALLETS__ = /);
    expect(JSON.parse(config.replace(/^[^=]+= /, '').replace(/;$/, ''))).toEqual([
      { rpcUrl: 'http://svm', name: 'w3kit Solana Test Wallet', mode: 'approve', storageKey: false },
    ]);
  });
});

describe('writeJson', () => {
  it('writes the run and the figures, creating the folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-json-'));
    try {
      const file = path.join(dir, 'out', 'bench.json');
      writeJson(file, { runs: 3, cdn: 'dist/cdn', results: [{ id: 'x', status: 'PASS' }], details: { a: 1 } });
      const json = JSON.parse(readFileSync(file, 'utf8'));
      expect(json).toMatchObject({ runs: 3, cdn: 'dist/cdn', figures: [{ id: 'x', status: 'PASS' }], details: { a: 1 } });
      expect(Date.parse(json.date)).not.toBeNaN();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
