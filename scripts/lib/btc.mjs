/**
 * The local Bitcoin development chain for `npm start`, tests and the demo: runs the built bin's
 * `w3kit-server btc` (regtest behind the Esplora HTTP API) as a child process and waits for its
 * two lines: the Esplora URL and the dev account (10 BTC at the chain's creation) with its WIF.
 *
 *   const btc = await startBtc({ port: 18443 });   // port 0 = a free port
 *   btc.url, btc.devAddress, btc.devWif
 *   await btc.close();
 *
 * The chain never outlives the caller: killed on `process.on('exit')`, and it exits by itself when
 * its stdin pipe closes (the caller died in any way).
 */
import { spawn } from 'node:child_process';
import { SERVER_BUNDLE } from '../../server/scripts/bundle.mjs';

const LINES = /^bitcoin esplora (http:\/\/\S+)\nbitcoin dev account (\S+) .* wif (\S+)$/m;
/** Exits the chain when its stdin closes (the caller died without running exit handlers); unref'd, so it never keeps the chain running. */
const WATCHDOG =
  'data:text/javascript,' +
  encodeURIComponent(
    'const q=()=>process.exit(0);process.stdin.on("end",q);process.stdin.on("close",q);process.stdin.on("error",q);process.stdin.resume();process.stdin.unref?.();',
  );
const START_TIMEOUT_MS = 30_000;

/** Live children, killed when the caller exits. */
const live = new Set();
let hooked = false;

/**
 * @param {{ port?: number, dataDir?: string, blockTime?: number, fund?: string[] }} [options]
 *   port 0 (default) picks a free port; dataDir keeps the chain; blockTime mines every N seconds; fund: ADDRESS=BTC entries
 */
export async function startBtc({ port = 0, dataDir, blockTime, fund = [] } = {}) {
  if (!hooked) {
    hooked = true;
    process.on('exit', () => live.forEach((child) => child.kill('SIGKILL')));
  }
  const args = ['--import', WATCHDOG, SERVER_BUNDLE, 'btc', '--port', String(port)];
  if (dataDir) args.push('--data', dataDir);
  if (blockTime) args.push('--block-time', String(blockTime));
  for (const entry of fund) args.push('--fund', entry);
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env } });
  live.add(child);
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => (live.delete(child), resolve(code))));
  const found = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`w3kit-server btc printed no URL within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk) => {
      output += chunk;
      const match = LINES.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`w3kit-server btc exited with code ${code} before answering:\n${output}`));
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  const [, url, devAddress, devWif] = found;
  return {
    url,
    port: Number(new URL(url).port),
    devAddress,
    devWif,
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      child.kill('SIGTERM');
      return exited.then(() => undefined);
    },
  };
}
