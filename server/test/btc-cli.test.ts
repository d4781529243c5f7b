/**
 * `w3kit-server btc` on the built bin: prints the Esplora URL and the funded dev account with
 * its WIF, funds --fund addresses, keeps its chain in --data across a restart, refuses a corrupt
 * state file naming it; and the command line's refusals (--fund, --block-time, --port) and help.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WIF } from '@scure/btc-signer';
import { afterAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/index.js';
import { DEV_BITCOIN_KEY, REGTEST } from '../src/chains/bip122/devchain/network.js';
import { builtBin, removeBuiltBin } from './built-bin.js';
import { post, spend, testKey } from './btc-wallet.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-btc-cli-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  removeBuiltBin();
});

const FUNDED = 'bcrt1p33wm0auhr9kkahzd6l0kqj85af4cswn276hsxg6zpz85xe2r0y8s7hfsm7';
const LINES = /^bitcoin esplora (http:\/\/127\.0\.0\.1:\d+)\nbitcoin dev account (bcrt1q\w+) \(10 BTC at creation, regtest\) wif (c\w+)\n$/;

/** Runs the built bin's `btc` until it prints both lines (or exits); `stop()` sends SIGTERM. */
async function runBtc(args: string[]) {
  const child = spawn(process.execPath, [await builtBin(), 'btc', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const outcome = await Promise.race([
    (async () => {
      await expect.poll(() => stdout.split('\n').length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      return 'running' as const;
    })(),
    exited,
  ]);
  return { outcome, stdout: () => stdout, stderr: () => stderr, stop: () => (child.kill('SIGTERM'), exited) };
}

describe('w3kit-server btc (built bin)', () => {
  it('prints the Esplora URL and the dev account, funds --fund addresses, and keeps the chain in --data', async () => {
    const dir = tempDir();
    const first = await runBtc(['--port', '0', '--data', dir, '--fund', `${FUNDED}=1.5`]);
    expect(first.outcome).toBe('running');
    const [, url, address, wif] = LINES.exec(first.stdout())!;
    expect(address).toBe(DEV_BITCOIN_KEY.address);
    expect(WIF(REGTEST).decode(wif!)).toEqual(DEV_BITCOIN_KEY.privateKey);
    const stats = async (base: string, a: string) =>
      ((await (await fetch(`${base}/address/${a}`)).json()) as { chain_stats: { funded_txo_sum: number } }).chain_stats;
    expect((await stats(url!, address!)).funded_txo_sum).toBe(10 * 1e8);
    expect((await stats(url!, FUNDED)).funded_txo_sum).toBe(1.5 * 1e8);
    // The bundled bin verifies a real signature and mines the transaction.
    const [coin] = (await (await fetch(`${url}/address/${address}/utxo`)).json()) as { txid: string; vout: number; value: number }[];
    const dev = testKey('w3kit dev bitcoin account');
    const sent = await post(
      url!,
      spend(
        dev,
        [{ ...coin!, kind: 'wpkh' }],
        [
          { address: FUNDED, value: 1e8 },
          { address: address!, value: coin!.value - 1e8 - 500 },
        ],
      ),
    );
    expect(sent.status).toBe(200);
    expect((await stats(url!, FUNDED)).funded_txo_sum).toBe(2.5 * 1e8);
    const hash = await (await fetch(`${url}/blocks/tip/hash`)).text();
    expect(await first.stop()).toBe(0);
    expect(first.stderr()).toBe('');

    const second = await runBtc(['--port', '0', '--data', dir, '--fund', `${FUNDED}=1.5`]);
    expect(second.outcome).toBe('running');
    const [, url2] = LINES.exec(second.stdout())!;
    expect(await (await fetch(`${url2}/blocks/tip/hash`)).text()).toBe(hash);
    expect((await stats(url2!, FUNDED)).funded_txo_sum).toBe(2.5 * 1e8);
    await second.stop();
  }, 90_000);

  it('refuses a corrupt state file, naming it', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'btc-state.json'), 'not json');
    const run = await runBtc(['--port', '0', '--data', dir]);
    expect(run.outcome).toBe(1);
    expect(run.stderr()).toContain(`w3kit-server btc: ${path.join(dir, 'btc-state.json')} is not JSON`);
  }, 60_000);
});

describe('w3kit-server btc (command line)', () => {
  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    let out = '';
    const io: CliIo = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (out += t) }, env };
    return { code: await main(argv, io), out };
  };

  it('refuses a bad --fund, --block-time, port or argument, and lists itself in --help', async () => {
    expect(await run(['btc', '--fund', 'bcrt1qnotanaddress=1'])).toEqual({
      code: 2,
      out: expect.stringContaining('is not a regtest P2WPKH or P2TR address'),
    });
    expect(await run(['btc', '--fund', `${FUNDED}=0`])).toEqual({
      code: 2,
      out: expect.stringContaining('more than 0 and at most 100000 BTC'),
    });
    expect(await run(['btc', '--fund', `${FUNDED}=100000.000000001`])).toEqual({
      code: 2,
      out: expect.stringContaining('at most 8 decimals'),
    });
    expect(await run(['btc', '--fund', FUNDED])).toEqual({ code: 2, out: expect.stringContaining('must be ADDRESS=BTC') });
    expect(await run(['btc', '--fund', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4=1'])).toEqual({
      code: 2,
      out: expect.stringContaining('regtest'),
    });
    expect(await run(['btc', '--block-time', '0'])).toEqual({ code: 2, out: expect.stringContaining("Invalid --block-time '0'") });
    expect(await run(['btc'], { W3KIT_BITCOIN_PORT: 'x' })).toEqual({
      code: 2,
      out: expect.stringContaining("Invalid W3KIT_BITCOIN_PORT 'x'"),
    });
    expect(await run(['btc', 'extra'])).toEqual({ code: 2, out: expect.stringContaining("'btc' takes no arguments") });
    const help = await run(['--help']);
    expect(help.out).toContain('w3kit-server btc [--port N] [--data DIR] [--block-time N] [--fund ADDRESS=BTC]');
    expect(help.out).toContain('--fund ADDRESS=BTC');
  });

  it('listens on W3KIT_BITCOIN_PORT when no --port is given, and stops on the signal', async () => {
    const { startBtcDevChain } = await import('../src/chains/bip122/devchain/server.js');
    const probe = await startBtcDevChain({ port: 0 });
    const port = probe.port;
    await probe.close();
    let stdout = '';
    const stop = new AbortController();
    const io: CliIo = {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: () => true },
      signal: stop.signal,
      env: { W3KIT_BITCOIN_PORT: String(port) },
    };
    const done = main(['btc'], io);
    await expect.poll(() => stdout.split('\n').length).toBe(3);
    expect(stdout.split('\n')[0]).toBe(`bitcoin esplora http://127.0.0.1:${port}`);
    expect(await (await fetch(`http://127.0.0.1:${port}/blocks/tip/height`)).text()).toBe('1');
    stop.abort();
    expect(await done).toBe(0);
  });
});
