/**
 * The bundler: Alto (@pimlico/alto, GPL-3.0), run as its own process from its installed
 * package (an optional dependency of w3kit-server, resolved at run time, never bundled into
 * our packages). `startBundler` starts it against a chain whose EntryPoint v0.7 `aa deploy`
 * put there, and resolves once it answers eth_supportedEntryPoints with that EntryPoint.
 * On a Hardhat node it runs with --safe-mode false (Hardhat's debug_traceCall refuses the
 * JavaScript tracers the ERC-7562 checks use). Alto listens on every interface whatever it is
 * asked; its executor keys sign real transactions, so keep its port behind a firewall.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { createPublicClient, http, type Hex } from 'viem';
import { requireOptional } from '../optional-package.js';
import { DEV_CHAIN_IDS, devAccountKey, isPrivateKey } from './dev-keys.js';
import { ENTRY_POINT_V07 } from './constants.js';
import { AaDeployError } from './errors.js';

const require = createRequire(import.meta.url);
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_LIMIT = 8_000;

export interface BundlerOptions {
  rpcUrl: string;
  /** 0 picks a free port. */
  port: number;
  /** The executor account's key (it sends the bundles); default Hardhat's dev account 1, on development chains only. */
  executorKey?: string;
  /** The utility account's key (it refills executors, deploys Alto's simulation contracts); default dev account 2. */
  utilityKey?: string;
}

export interface RunningBundler {
  url: string;
  chainId: number;
  /** The latest output of Alto (for errors). */
  output(): string;
  /** Ends Alto (SIGTERM, then SIGKILL after 5 s); resolves when it exited. */
  stop(): Promise<void>;
}

/** The path of Alto's command-line entry, from its installed package. */
function altoCli(): string {
  const main = requireOptional(['@pimlico/alto'], 'The bundler (w3kit-server bundler)', () => require.resolve('@pimlico/alto'));
  return path.join(path.dirname(main), 'cli/alto.js');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const short = (err: unknown) => ((err as { shortMessage?: string }).shortMessage ?? (err as Error).message ?? String(err)).split('\n')[0]!;

/** Whether the bundler at `url` serves `entryPoint`. */
async function serves(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const { result } = (await response.json()) as { result?: unknown };
    return Array.isArray(result) && result.some((a) => String(a).toLowerCase() === ENTRY_POINT_V07.toLowerCase());
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startBundler(options: BundlerOptions): Promise<RunningBundler> {
  const { rpcUrl } = options;
  for (const [flag, key] of [
    ['--executor-key', options.executorKey],
    ['--utility-key', options.utilityKey],
  ] as const) {
    if (key !== undefined && !isPrivateKey(key)) throw new AaDeployError(`${flag} must be 0x and 64 hex characters`, true);
  }
  const cli = altoCli();
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 15_000 }) });
  let chainId: number;
  let version: string;
  try {
    [chainId, version] = await Promise.all([client.getChainId(), client.request({ method: 'web3_clientVersion' }).catch(() => '')]);
  } catch (err) {
    throw new AaDeployError(`cannot reach the EVM RPC: ${short(err)}`);
  }
  const dev = DEV_CHAIN_IDS.includes(chainId);
  if ((options.executorKey === undefined || options.utilityKey === undefined) && !dev)
    throw new AaDeployError(
      `chain ${chainId} is not a development chain (${DEV_CHAIN_IDS.join(', ')}): pass the bundler's keys with --executor-key and --utility-key (or W3KIT_BUNDLER_EXECUTOR_KEY, W3KIT_BUNDLER_UTILITY_KEY)`,
      true,
    );
  if (((await client.getCode({ address: ENTRY_POINT_V07 })) ?? '0x') === '0x')
    throw new AaDeployError(`chain ${chainId} has no EntryPoint v0.7 at ${ENTRY_POINT_V07}: run 'w3kit-server aa deploy' first`);
  const port = options.port === 0 ? await freePort() : options.port;
  const executorKey = (options.executorKey ?? devAccountKey(1)) as Hex;
  const utilityKey = (options.utilityKey ?? devAccountKey(2)) as Hex;
  const hardhat = /hardhat/i.test(String(version));
  const args = [
    cli,
    ...['--entrypoints', ENTRY_POINT_V07, '--rpc-url', rpcUrl, '--port', String(port)],
    ...['--executor-private-keys', executorKey, '--utility-private-key', utilityKey],
    ...['--safe-mode', String(!hardhat), '--log-level', 'warn'],
    // Development nodes mine a block per transaction: poll for receipts often.
    ...(dev ? ['--block-time', '250', '--min-bundle-interval', '50', '--max-bundle-interval', '250'] : []),
  ];
  let output = '';
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
  // Alto never outlives this process, however it ends (a crash included: 'exit' runs on process.exit and uncaught errors).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_LIMIT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await serves(url))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      const why =
        child.exitCode !== null ? `it exited with code ${child.exitCode}` : `it did not answer within ${START_TIMEOUT_MS / 1000} s`;
      await stopChild(child);
      throw new AaDeployError(`cannot start the bundler on port ${port}: ${why}\n${output.trim().split('\n').slice(-10).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, chainId, output: () => output, stop: () => stopChild(child) };
}
