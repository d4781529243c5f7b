/**
 * The backend's command line with `--bitcoin-esplora` (what `npm start` passes): it prints the
 * Esplora line, and with `--seed` the Blockchain API gives the development chain's dev account
 * its 10 BTC at the seeded regtest price.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/index.js';
import { DEV_BITCOIN_KEY } from '../src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../src/chains/bip122/devchain/server.js';

let btc: RunningBtcDevChain;
const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-btc-serve-'));
beforeAll(async () => {
  btc = await startBtcDevChain({ port: 0, onError: () => undefined });
});
afterAll(async () => {
  await btc?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('w3kit-server --bitcoin-esplora', () => {
  it('prints the Esplora line and serves the dev account at the seeded BTC price', async () => {
    const controller = new AbortController();
    let stdout = '';
    let ready!: (url: string) => void;
    const started = new Promise<string>((resolve) => (ready = resolve));
    const io: CliIo = {
      stdout: {
        write: (t: string) => {
          stdout += t;
          const url = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)?.[0];
          if (url && stdout.includes('(database)')) ready(url);
        },
      },
      stderr: { write: () => undefined },
      signal: controller.signal,
      env: {},
      cwd: dir,
    };
    const done = main(['--port', '0', '--relay-port', '0', '--frame-port', '0', '--seed', '--data', dir, '--bitcoin-esplora', btc.url], io);
    const url = await started;
    expect(stdout).toContain(`w3kit-bitcoin ${btc.url}  (Bitcoin Esplora API read for the Blockchain API)\n`);
    const query = 'projectId=w3kit-dev&st=w3kit&sv=w3kit-0.1.0&currency=usd';
    const reply = await fetch(`${url}/v1/account/${DEV_BITCOIN_KEY.address}/balance?${query}`).then((r) => r.json());
    expect(reply.balances[0]).toMatchObject({ symbol: 'BTC', price: 90_000, value: 900_000, quantity: { numeric: '10' } });
    controller.abort();
    expect(await done).toBe(0);
  });
});
