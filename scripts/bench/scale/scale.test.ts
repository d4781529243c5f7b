import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../options.mjs';
import { nginxConfig } from './balancer.mjs';
import { clientAddress, nonceRequest, WALLET_QUERIES, walletsRequest } from './http-load.mjs';
import { refusalOf, startLineUrl } from './instance.mjs';
import { parseScaleOptions } from './options.mjs';
import { topFunctions } from './profile.mjs';
import { benchMessage, MESSAGE_BYTES, sentAtOf } from './relay-load.mjs';
import { verdicts, writeScaleJson } from './run-scale.mjs';
import { against, cpuShare, latencies, percentile, perSecond, rssPerThousand } from './stats.mjs';

describe('scale stats', () => {
  it('takes nearest-rank percentiles', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow('p must be from 0 to 100');
  });

  it('summarizes latencies as count, p50, p99 and max', () => {
    expect(latencies([3, 1, 2, 10])).toEqual({ count: 4, p50: 2, p99: 10, max: 10 });
    expect(latencies([])).toEqual({ count: 0, p50: NaN, p99: NaN, max: NaN });
  });

  it('gives rates, CPU shares and RSS per 1,000 sockets', () => {
    expect(perSecond(500, 250)).toBe(2000);
    expect(() => perSecond(1, 0)).toThrow('positive');
    // 1.5 s of CPU over 1 s of wall time: one and a half cores, three quarters of two.
    expect(cpuShare({ user: 0, system: 0 }, { user: 1_000_000, system: 500_000 }, 1000, 2)).toEqual({ cores: 1.5, share: 0.75 });
    expect(rssPerThousand(100, 600, 500)).toBe(1000);
    expect(() => rssPerThousand(1, 2, 0)).toThrow('at least one socket');
  });

  it('reads a figure against a minimum or a maximum', () => {
    expect(against(20_000, { min: 20_000 })).toBe('PASS');
    expect(against(19_999, { min: 20_000 })).toBe('BELOW');
    expect(against(99.9, { max: 100 })).toBe('PASS');
    expect(against(100.1, { max: 100 })).toBe('OVER');
    expect(against(NaN, { max: 100 })).toBe('n/a');
  });
});

describe('scale options', () => {
  it('defaults to every scenario and load, bounded counts', () => {
    expect(parseScaleOptions([])).toEqual({
      seconds: 6,
      pairs: 500,
      window: 4,
      connections: 32,
      scenarios: ['sqlite', 'postgres', 'balancer'],
      loads: ['relay', 'wallets', 'nonce'],
    });
  });

  it('reads each option, keeping the scenarios and loads in their own order', () => {
    const argv = ['--scale-seconds=2', '--scale-pairs=10', '--scale-window=8', '--scale-connections=4'];
    argv.push('--scale-scenarios=balancer,sqlite', '--scale-loads=nonce,relay', '--scale-cpu-prof=/tmp/p', '--scale-bin=b.js');
    expect(parseScaleOptions(argv)).toEqual({
      seconds: 2,
      pairs: 10,
      window: 8,
      connections: 4,
      scenarios: ['sqlite', 'balancer'],
      loads: ['relay', 'nonce'],
      cpuProf: '/tmp/p',
      bin: 'b.js',
    });
  });

  it('refuses what is out of bounds or unknown, naming the option', () => {
    expect(() => parseScaleOptions(['--scale-seconds=61'])).toThrow('--scale-seconds=N needs an integer from 1 to 60');
    expect(() => parseScaleOptions(['--scale-pairs=0'])).toThrow('--scale-pairs=N needs an integer from 1 to 2000');
    expect(() => parseScaleOptions(['--scale-window=1.5'])).toThrow('--scale-window=N');
    expect(() => parseScaleOptions(['--scale-scenarios=sqlite,mysql'])).toThrow(
      '--scale-scenarios takes sqlite, postgres, balancer; not mysql',
    );
    expect(() => parseScaleOptions(['--scale-loads='])).toThrow('--scale-loads takes relay, wallets, nonce; not none');
    expect(() => parseScaleOptions(['--scale-cpu-prof='])).toThrow('needs a folder');
    expect(() => parseScaleOptions(['--scale-semi-space=0'])).toThrow('--scale-semi-space=MB needs an integer from 1 to 256');
  });

  it('takes the instances’ young generation size in MB', () => {
    expect(parseScaleOptions(['--scale-semi-space=64'])).toMatchObject({ semiSpaceMB: 64 });
    expect(parseScaleOptions([])).not.toHaveProperty('semiSpaceMB');
  });

  it('is part of the bench options only with --only=scale', () => {
    expect(parseOptions(['--only=scale', '--scale-seconds=3'])).toMatchObject({ only: ['scale'], scale: { seconds: 3 } });
    expect(parseOptions(['--only=pages'])).not.toHaveProperty('scale');
    expect(() => parseOptions(['--only=scale', '--scale-pairs=x'])).toThrow('--scale-pairs=N');
  });
});

describe('scale loads', () => {
  it('sends 1 KB messages that carry when they were sent', () => {
    const message = benchMessage(1234.5678);
    expect(message).toHaveLength(MESSAGE_BYTES);
    expect(Buffer.byteLength(message)).toBe(1024);
    expect(sentAtOf(message)).toBe(1234.568);
  });

  it('cycles through the modal getWallets queries, and gives each nonce request its own client address', () => {
    expect(walletsRequest(0).path).toBe(`/getWallets?projectId=w3kit-dev&${WALLET_QUERIES[0]}`);
    expect(walletsRequest(WALLET_QUERIES.length + 1).path).toBe(walletsRequest(1).path);
    expect(clientAddress(0)).toBe('10.0.0.1');
    expect(clientAddress(255)).toBe('10.0.1.0');
    expect(clientAddress(65_535)).toBe('10.1.0.0');
    expect(nonceRequest(1).headers).toEqual({ 'x-forwarded-for': '10.0.0.2' });
  });
});

describe('scale instances and balancer', () => {
  const output = ['w3kit-server  http://127.0.0.1:36823  (Provider API)', 'w3kit-relay   ws://127.0.0.1:43185  (WalletConnect relay)'].join(
    '\n',
  );

  it('reads the URLs of the start lines', () => {
    expect(startLineUrl(output, 'w3kit-server')).toBe('http://127.0.0.1:36823');
    expect(startLineUrl(output, 'w3kit-relay')).toBe('ws://127.0.0.1:43185');
    expect(startLineUrl(output, 'w3kit-frame')).toBeUndefined();
  });

  it("quotes the bin's own refusal", () => {
    expect(refusalOf("w3kit-server: Unknown option '--redis'\nRun 'w3kit-server --help' for usage.\n")).toBe(
      "w3kit-server: Unknown option '--redis'",
    );
    expect(refusalOf('something else\n')).toBe('something else');
    expect(refusalOf('')).toBe('exited without a word');
  });

  it('balances the API and the relay (least connections, WebSocket upgrade) over the instances', () => {
    const conf = nginxConfig({
      dir: '/tmp/x',
      api: ['http://127.0.0.1:1001', 'http://127.0.0.1:2001'],
      relay: ['ws://127.0.0.1:1002', 'ws://127.0.0.1:2002'],
      ports: { api: 3001, relay: 3002 },
      root: false,
    });
    expect(conf).toMatch(/upstream api \{\s+server 127\.0\.0\.1:1001;\s+server 127\.0\.0\.1:2001;/);
    expect(conf).toMatch(/upstream relay \{\s+least_conn;\s+server 127\.0\.0\.1:1002;\s+server 127\.0\.0\.1:2002;/);
    expect(conf).toContain('listen 127.0.0.1:3001;');
    expect(conf).toContain('listen 127.0.0.1:3002;');
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    // nginx inherits no proxy_set_header into a level that sets one: both locations set Host and X-Forwarded-For.
    expect(conf.match(/proxy_set_header Host \$host;/g)).toHaveLength(2);
    expect(conf.match(/proxy_set_header X-Forwarded-For \$http_x_forwarded_for;/g)).toHaveLength(2);
    expect(conf).not.toContain('user root;');
  });
});

describe('scale report', () => {
  it('reads the figures against the targets', () => {
    const rows = verdicts({
      relayMax: { perSecond: 21_000 },
      relayAtTarget: { perSecond: 19_700, p99: 120 },
      getWallets: { perSecond: 4_000, p99: 20 },
    });
    expect(rows).toEqual([
      ['relay msgs/s (saturating)', '21000', '≥ 20000', 'PASS'],
      ['relay msgs/s at the target rate', '19700', '≥ 19600', 'PASS'],
      ['relay p99 ms at the target rate', '120.0', '< 100', 'OVER'],
      ['getWallets req/s', '4000', '≥ 5000', 'BELOW'],
      ['getWallets p99 ms', '20.0', '< 100', 'PASS'],
    ]);
  });

  it('writes its entry into bench.json, keeping the page bench figures', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-scale-test-'));
    try {
      const file = path.join(dir, 'dist', 'bench.json');
      writeScaleJson(file, { a: 1 });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ scale: { a: 1 } });
      writeFileSync(file, JSON.stringify({ figures: [1], scale: { old: true } }));
      writeScaleJson(file, { b: 2 });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ figures: [1], scale: { b: 2 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scale CPU profile', () => {
  it('ranks functions by self and by inclusive time, counting a recursive one once per sample', () => {
    const frame = (functionName: string) => ({ functionName, url: 'file:///x/dist/app.js', lineNumber: 9 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2] },
        { id: 2, callFrame: frame('handle'), children: [3, 4] },
        { id: 3, callFrame: frame('commit'), children: [5] },
        { id: 4, callFrame: frame('send'), children: [] },
        { id: 5, callFrame: frame('commit'), children: [] },
      ],
      samples: [3, 5, 5, 4],
      timeDeltas: [10, 10, 10, 10],
    };
    const { self, inclusive } = topFunctions(profile, 2);
    expect(self).toEqual([
      ['commit dist/app.js:10', 0.75],
      ['send dist/app.js:10', 0.25],
    ]);
    expect(inclusive).toEqual([
      ['handle dist/app.js:10', 1],
      ['commit dist/app.js:10', 0.75],
    ]);
  });
});
