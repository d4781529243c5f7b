/**
 * Starts local Hardhat 2 nodes for tests, benches and the demo.
 *
 *   const chain = await startHardhat({ chainId: 31337 });   // port 0 = a free port
 *   console.log(chain.url);                                  // http://127.0.0.1:54321
 *   await chain.stop();
 *
 *   const { chainA, chainB, stop } = await startChains();    // 31337 and 31338, in parallel
 *
 * The node runs `hardhat.config.cjs` at the repo root with HARDHAT_CHAIN_ID set. It never outlives
 * the caller:
 * - it runs in its own process group, killed with SIGKILL on `process.on('exit')`;
 * - it also exits by itself when its stdin pipe closes, i.e. when the caller dies in any way
 *   (a signal, SIGKILL, a crash) without running exit handlers (a one-line `--import data:`
 *   watchdog preloaded into the node).
 * The child process is unref'd: a running node does not keep the caller's event loop alive.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOOTSTRAP = path.join(ROOT, 'node_modules/hardhat/internal/cli/bootstrap.js');
const CONFIG = path.join(ROOT, 'hardhat.config.cjs');
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_LIMIT = 16_000;

/** Exits the node when its stdin closes (the caller died without running exit handlers). */
const WATCHDOG =
  'data:text/javascript,' +
  encodeURIComponent(
    'const q=()=>process.exit(0);process.stdin.on("end",q);process.stdin.on("close",q);process.stdin.on("error",q);process.stdin.resume();',
  );

/** Live children, killed synchronously when the caller exits. */
const live = new Set();
let exitHookInstalled = false;

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) killGroup(child, 'SIGKILL');
    live.clear();
  });
}

/** A free TCP port on 127.0.0.1 (bind port 0, read it, close). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when nothing listens on `port` (it can be bound on 127.0.0.1). */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function rpcChainId(url) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(2_000),
  });
  const body = await res.json();
  if (typeof body?.result !== 'string') throw new Error(`eth_chainId answered ${JSON.stringify(body)}`);
  return Number(BigInt(body.result));
}

function launch(port, chainId) {
  const child = spawn(
    process.execPath,
    ['--import', WATCHDOG, BOOTSTRAP, '--config', CONFIG, 'node', '--hostname', HOST, '--port', String(port)],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HARDHAT_CHAIN_ID: String(chainId),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        HARDHAT_HIDE_SOLIDITY_SURVEY_MESSAGE: 'true',
        FORCE_COLOR: '0',
        NO_COLOR: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const append = (chunk) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  child.stdin.on('error', () => undefined);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      append(`\n[spawn error] ${error.message}\n`);
      live.delete(child);
      resolve({ code: null, signal: null, error });
    });
  });
  let done = false;
  void exited.then(() => (done = true));
  live.add(child);
  return { child, exited, output: () => output, hasExited: () => done };
}

function unrefChild(child) {
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.unref?.();
}

function refChild(child) {
  child.ref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.ref?.();
}

/** Kills the node's process group (SIGTERM, then SIGKILL after 5 s); resolves when it exited. */
async function stopProcess(proc) {
  if (proc.hasExited()) return;
  refChild(proc.child);
  killGroup(proc.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(proc.child, 'SIGKILL'), STOP_TIMEOUT_MS);
  await proc.exited;
  clearTimeout(timer);
  // The group may hold other processes: make sure none is left.
  killGroup(proc.child, 'SIGKILL');
}

/**
 * Starts a Hardhat node and waits until `eth_chainId` answers with `chainId`.
 * @param {{ port?: number, chainId?: number }} [options]
 */
export async function startHardhat({ port = 0, chainId = 31337 } = {}) {
  installExitHook();
  const autoPort = !port;
  for (let attempt = 1; ; attempt++) {
    const chosen = autoPort ? await freePort() : port;
    // Otherwise another node on that port could answer for ours.
    if (!autoPort && !(await portIsFree(chosen))) {
      throw new Error(`Hardhat node (chain ${chainId}): port ${chosen} on ${HOST} is already in use`);
    }
    const url = `http://${HOST}:${chosen}`;
    const proc = launch(chosen, chainId);
    const deadline = Date.now() + START_TIMEOUT_MS;
    let lastError;
    let ready = false;
    while (!proc.hasExited() && Date.now() < deadline) {
      try {
        const answered = await rpcChainId(url);
        if (answered !== chainId) {
          lastError = new Error(`${url} answered chain ${answered}, expected ${chainId}`);
        } else if (!proc.hasExited()) {
          ready = true;
          break;
        }
      } catch (error) {
        lastError = error;
      }
      await sleep(100);
    }
    if (ready) {
      unrefChild(proc.child);
      let stopping;
      return {
        url,
        chainId,
        port: chosen,
        /** The node's latest output (at most 16 kB). */
        output: proc.output,
        stop: () => (stopping ??= stopProcess(proc)),
      };
    }
    await stopProcess(proc);
    const output = proc.output();
    // A port picked here may have been taken between our check and the node's bind: retry.
    if (autoPort && attempt < 3 && /EADDRINUSE/.test(output)) continue;
    const why =
      proc.hasExited() && Date.now() < deadline ? 'exited before answering' : `did not answer within ${START_TIMEOUT_MS / 1000} s`;
    throw new Error(
      `Hardhat node (chain ${chainId}, ${url}) ${why}` +
        (lastError ? ` (last error: ${lastError.message})` : '') +
        `. Last output:\n${output.trim() || '(none)'}`,
    );
  }
}

/** Starts two nodes in parallel: chain 31337 (chainA) and chain 31338 (chainB). */
export async function startChains() {
  const results = await Promise.allSettled([startHardhat({ chainId: 31337 }), startHardhat({ chainId: 31338 })]);
  const started = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((chain) => chain.stop()));
    throw failed.reason;
  }
  const [chainA, chainB] = started;
  return { chainA, chainB, stop: () => Promise.all([chainA.stop(), chainB.stop()]).then(() => undefined) };
}
