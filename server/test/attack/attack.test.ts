/**
 * The attack suite itself (`npm run attack`, issue 29's Proof): in quick mode against real
 * servers from server/dist it gives every attack a verdict with what it tried and measured,
 * its JSON result reads back and compares, and it refuses to attack anything off loopback.
 * Every attack must hold (ATTACK_IDS below).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from './attack.js';
import { parseArgs } from './cli.js';
import { isLoopbackHost } from './net.js';
import { compareResults, formatComparison, formatSuite, parseResult } from './report.js';
import { ATTACKS, runSuite, type SuiteResult } from './suite.js';
import { startTarget } from './target.js';

/** The attacks of issue 29's items 1-6: each must hold (its item's fix proves itself here). */
const ATTACK_IDS = ['subscriptions', 'slow-readers', 'sockets', 'global-quota', 'siwx', 'mail'];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

beforeAll(async () => {
  if (existsSync(path.join(ROOT, 'server/dist/w3kit-server.js'))) return;
  const { bundleServer } = (await import(pathToFileURL(path.join(ROOT, 'server/scripts/bundle.mjs')).href)) as {
    bundleServer(): Promise<string>;
  };
  await bundleServer();
});

describe('attack suite options', () => {
  it('refuses a target off loopback, before attacking anything', async () => {
    for (const host of ['127.0.0.1', '127.9.8.7', 'localhost', '[::1]', '::ffff:127.0.0.2']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', '192.168.1.2', 'example.com', '[::2]', '128.0.0.1', '::ffff:10.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);
    expect(() => parseArgs(['--url', 'http://192.0.2.1:4301'])).toThrow(/'http:\/\/192\.0\.2\.1:4301' is not on loopback/);
    expect(() => parseArgs(['--url', 'http://127.0.0.1:4301', '--relay-url', 'ws://relay.example.com'])).toThrow(
      /--relay-url .* not on loopback/,
    );
    await expect(runSuite({ running: { url: 'http://example.com:4301' }, only: ['siwx'] })).rejects.toThrow(/not on loopback/);
    expect(() => parseArgs(['--only', 'subscriptions,teapot'])).toThrow(/Unknown attack teapot/);
    expect(() => parseArgs(['--pid', '12'])).toThrow(/go with --url/);
    const parsed = parseArgs(['--quick', '--url=http://127.0.0.1:4301', '--pid', '42', '--out', 'x.json'], '/tmp');
    expect(parsed).toEqual({
      suite: { quick: true, running: { url: 'http://127.0.0.1:4301', relayUrl: undefined, frameUrl: undefined, pid: 42 } },
      out: '/tmp/x.json',
      compare: undefined,
    });
  });

  it('refuses a result file that is not one', () => {
    expect(() => parseResult('not json', 'old.json')).toThrow(/old\.json is not JSON/);
    expect(() => parseResult('{"version":2,"attacks":[]}', 'old.json')).toThrow(/not an attack suite result/);
    expect(() => parseResult('{"version":1,"startedAt":"x","attacks":[{"id":"a"}]}', 'old.json')).toThrow(/lacks its id, verdict/);
  });
});

describe('attack suite, quick, against servers it starts', () => {
  let result: SuiteResult;

  beforeAll(async () => {
    result = await runSuite({ quick: true });
  }, 420_000);

  it('every attack of items 1-6 holds, with what it tried, measured and against which criterion', () => {
    expect(result.attacks.map((a) => a.id)).toEqual(ATTACKS.map((a) => a.id));
    expect(result.attacks.map((a) => a.id)).toEqual(ATTACK_IDS);
    for (const a of result.attacks) {
      expect(a.verdict, `${a.id}: ${a.notes?.join('; ')}`).not.toBe('not run');
      expect(a.tried.length).toBeGreaterThan(20);
      expect(a.criterion.length).toBeGreaterThan(20);
      expect(
        Object.values(a.measured).some((v) => typeof v === 'number'),
        a.id,
      ).toBe(true);
      expect(a.verdict, `${a.id}: ${a.notes?.join('; ')} ${JSON.stringify(a.measured)}`).toBe<Verdict>('held');
    }
    expect(result.attacks.find((a) => a.id === 'sockets')?.settings).toEqual({ maxOpenFiles: 1024 });
    expect(formatSuite(result)).toMatch(/6 of 6 held in \d+ s/);
  });

  it('writes JSON that reads back and compares with an earlier run', () => {
    const again = parseResult(JSON.stringify(result), 'last.json');
    expect(again).toEqual(result);
    const before: SuiteResult = structuredClone(result);
    const first = before.attacks[0]!;
    first.verdict = first.verdict === 'held' ? 'did not hold' : 'held';
    const numeric = Object.keys(first.measured).find((k) => typeof first.measured[k] === 'number')!;
    first.measured[numeric] = (first.measured[numeric] as number) + 1;
    before.attacks.pop();
    const differences = compareResults(before, result);
    expect(differences).toHaveLength(6);
    expect(differences[0]!.verdict).toEqual({ before: first.verdict, after: result.attacks[0]!.verdict });
    expect(differences[0]!.figures).toContainEqual({
      name: numeric,
      before: first.measured[numeric],
      after: result.attacks[0]!.measured[numeric],
    });
    expect(differences[5]!.verdict.before).toBeNull();
    expect(differences[1]!.figures).toEqual([]);
    const text = formatComparison(differences, before.startedAt);
    expect(text).toContain(`${first.id}: ${first.verdict} -> ${result.attacks[0]!.verdict}`);
    expect(text).toContain(`${result.attacks[5]!.id}: absent -> `);
  });
});

describe('attack suite against a running server', () => {
  it('attacks it by its URLs and reads what it can (here the subscription flood)', async () => {
    const server = await startTarget();
    try {
      const running = { url: server.url, relayUrl: server.relayUrl, frameUrl: server.frameUrl };
      const run = await runSuite({ quick: true, only: ['subscriptions'], running });
      expect(run.target).toBe(server.url);
      const [flood] = run.attacks;
      expect(flood?.verdict).not.toBe('not run');
      expect(flood?.settings).toBeUndefined();
      expect(flood?.measured.subscriptionsAsked).toBeGreaterThan(0);
      // Without the data folder and the pid, rows, bytes and memory are not read.
      expect(flood?.measured).toMatchObject({ rowsAdded: null, dataBytesAdded: null, serverRssBytes: null });
    } finally {
      await server.close();
    }
  }, 120_000);
});
