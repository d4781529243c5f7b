/**
 * Runs the built `w3kit-server` bin (server/dist/w3kit-server.js: Provider API, WalletConnect
 * relay, the secure frame site with the auth API, and optionally the development SMTP sink) as
 * a child process with a seeded database, and waits until /health and the frame site answer.
 * The frame site is addressed as `http://localhost:<framePort>` (WebAuthn refuses IP origins;
 * the server still listens on 127.0.0.1 and gets `--frame-public-url` so its links and the
 * social login's redirect URI say localhost).
 */
import { spawn } from 'node:child_process';
import { SERVER_BUNDLE } from '../../server/scripts/bundle.mjs';
import { freePort } from './hardhat.mjs';

/**
 * @param {{ port: number, dataDir: string, host?: string, env?: Record<string, string>, relayPort?: number, framePort?: number, smtpSink?: number, oidcPort?: number, evmRpc?: string, bitcoinEsplora?: string, maxOpenFiles?: number }} options
 *   port 0 picks a free one; relayPort and framePort default to port + 1 and port + 2 (free
 *   ones when port is 0, or when given as 0); smtpSink runs the development SMTP sink on that
 *   port (0 a free one; `--smtp-sink`) and e-mail goes to it; env adds environment variables
 *   (e.g. W3KIT_RATE_LIMIT_MAX, W3KIT_SMTP_URL); evmRpc is the EVM node the Blockchain API
 *   indexes (`--evm-rpc`); bitcoinEsplora the Esplora API it reads Bitcoin from (`--bitcoin-esplora`)
 */
export async function startBackend({
  port: wanted,
  dataDir,
  host = '127.0.0.1',
  env = {},
  relayPort: wantedRelay,
  framePort: wantedFrame,
  smtpSink: wantedSink,
  oidcPort: wantedOidc,
  evmRpc,
  bitcoinEsplora,
  maxOpenFiles,
}) {
  // Free ports are asked for one by one, so the OS may hand out the same one twice: never reuse one.
  const taken = new Set();
  const fresh = async () => {
    for (;;) {
      const candidate = await freePort();
      if (taken.has(candidate)) continue;
      taken.add(candidate);
      return candidate;
    }
  };
  const port = wanted === 0 ? await fresh() : wanted;
  taken.add(port);
  const derived = async (given, offset) =>
    given === undefined ? (wanted === 0 ? await fresh() : port + offset) : given === 0 ? await fresh() : given;
  // The bin serves the WalletConnect relay on its port + 1 and the frame site on port + 2 unless told otherwise.
  const relayPort = await derived(wantedRelay, 1);
  const framePort = await derived(wantedFrame, 2);
  taken.add(relayPort).add(framePort);
  const smtpSink = wantedSink === undefined ? undefined : wantedSink === 0 ? await fresh() : wantedSink;
  if (smtpSink !== undefined) taken.add(smtpSink);
  const oidcPort = wantedOidc === undefined ? undefined : wantedOidc === 0 ? await fresh() : wantedOidc;
  const frameUrl = `http://${host === '127.0.0.1' ? 'localhost' : host}:${framePort}`;
  const args = [
    SERVER_BUNDLE,
    '--port',
    String(port),
    '--relay-port',
    String(relayPort),
    '--frame-port',
    String(framePort),
    '--frame-public-url',
    frameUrl,
    ...(oidcPort === undefined ? [] : ['--oidc-port', String(oidcPort)]),
    ...(smtpSink === undefined ? [] : ['--smtp-sink', String(smtpSink)]),
    '--host',
    host,
    '--data',
    dataDir,
    '--seed',
    ...(evmRpc ? ['--evm-rpc', evmRpc] : []),
    ...(bitcoinEsplora ? ['--bitcoin-esplora', bitcoinEsplora] : []),
  ];
  // With maxOpenFiles the bin runs under `ulimit -n` (the shell execs node, so the pid is the server's).
  const [cmd, argv] =
    maxOpenFiles === undefined
      ? [process.execPath, args]
      : ['/bin/sh', ['-c', `ulimit -n ${Number(maxOpenFiles)} && exec "$@"`, 'sh', process.execPath, ...args]];
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const url = `http://${host}:${port}`;
  const oidcUrl = oidcPort === undefined ? undefined : `http://${host}:${oidcPort}`;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 150))]);
    if (code !== undefined) throw new Error(`w3kit-server exited with code ${code} before answering:\n${output}`);
    try {
      if (
        (await fetch(`${url}/health`)).ok &&
        (await fetch(`${frameUrl}/frame.css`)).status !== 503 &&
        (!oidcUrl || (await fetch(`${oidcUrl}/google/.well-known/openid-configuration`)).ok)
      )
        break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`w3kit-server did not answer ${url}/health within 30 s:\n${output}`);
    }
  }
  return {
    pid: child.pid,
    ports: { port, relayPort, framePort, smtpSink, oidcPort },
    url,
    relayUrl: `ws://${host}:${relayPort}`,
    frameUrl,
    oidcUrl,
    smtpUrl: smtpSink === undefined ? undefined : `smtp://${host}:${smtpSink}`,
    mailUrl: smtpSink === undefined ? undefined : `${url}/dev/mail.json`,
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      child.kill('SIGTERM');
      return exited.then(() => undefined);
    },
  };
}
