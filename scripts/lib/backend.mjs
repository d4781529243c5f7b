/**
 * Runs the built `w3kit-server` bin (server/dist/w3kit-server.js: Provider API and WalletConnect
 * relay) as a child process with a seeded database, and waits until /health answers.
 */
import { spawn } from 'node:child_process';
import { SERVER_BUNDLE } from '../../server/scripts/bundle.mjs';
import { freePort } from './hardhat.mjs';

/**
 * @param {{ port: number, dataDir: string, host?: string, env?: Record<string, string>, relayPort?: number, evmRpc?: string }} options
 *   port 0 picks a free one; relayPort defaults to port + 1 (a free one when port is 0);
 *   env adds environment variables (e.g. W3KIT_RATE_LIMIT_MAX); evmRpc is the EVM node the
 *   Blockchain API indexes (`--evm-rpc`)
 */
export async function startBackend({ port: wanted, dataDir, host = '127.0.0.1', env = {}, relayPort: wantedRelay, evmRpc }) {
  const port = wanted === 0 ? await freePort() : wanted;
  // The bin serves the WalletConnect relay on its port + 1 unless told otherwise.
  const relayPort =
    wantedRelay === undefined ? (wanted === 0 ? await freePort() : port + 1) : wantedRelay === 0 ? await freePort() : wantedRelay;
  const child = spawn(
    process.execPath,
    [
      SERVER_BUNDLE,
      '--port',
      String(port),
      '--relay-port',
      String(relayPort),
      '--host',
      host,
      '--data',
      dataDir,
      '--seed',
      ...(evmRpc ? ['--evm-rpc', evmRpc] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const url = `http://${host}:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 150))]);
    if (code !== undefined) throw new Error(`w3kit-server exited with code ${code} before answering:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`w3kit-server did not answer ${url}/health within 30 s:\n${output}`);
    }
  }
  return {
    url,
    relayUrl: `ws://${host}:${relayPort}`,
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      child.kill('SIGTERM');
      return exited.then(() => undefined);
    },
  };
}
