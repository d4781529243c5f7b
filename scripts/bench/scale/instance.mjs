/**
 * One `w3kit-server` for the scale bench: the built bin (server/dist) as a child process on free
 * ports of 127.0.0.1, seeded (the project w3kit-dev, 1,000 wallets), trusting X-Forwarded-For
 * from loopback (the load plays many clients behind one proxy, so per-address limits count each
 * simulated client, not the bench), with the per-address and global quotas raised past what a
 * run publishes. When the bin refuses to start (an option it does not know, an engine it does
 * not serve yet) it resolves to `{ refused }`: the bin's own words, never a number.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SERVER_BUNDLE } from '../../../server/scripts/bundle.mjs';

const BIG = String(10 ** 12);
/** The limits the bench lifts: every quota it would otherwise meet in a few seconds from one host. */
export const BENCH_ENV = {
  W3KIT_RATE_LIMIT_MAX: String(10 ** 9),
  W3KIT_RELAY_IP_MESSAGES_PER_HOUR: BIG,
  W3KIT_RELAY_IP_BYTES_PER_HOUR: BIG,
  W3KIT_RELAY_GLOBAL_MESSAGES_PER_HOUR: BIG,
  W3KIT_RELAY_GLOBAL_BYTES_PER_HOUR: BIG,
  W3KIT_RELAY_IP_SUBSCRIPTIONS: '100000',
  W3KIT_RELAY_MAX_SOCKETS_PER_IP: '100000',
  W3KIT_RELAY_MAX_STORED_BYTES: String(8 * 1024 ** 3),
};

/** The URL in a start line such as `w3kit-relay   ws://127.0.0.1:4302  (WalletConnect relay)`. */
export function startLineUrl(output, name) {
  return new RegExp(`^${name}\\s+((?:https?|wss?)://\\S+)`, 'm').exec(output)?.[1];
}

/** The bin's refusal: its last `w3kit-server: ...` line, else the last line it printed. */
export function refusalOf(output) {
  const lines = output.trim().split('\n').filter(Boolean);
  return (lines.filter((l) => l.startsWith('w3kit-server:')).at(-1) ?? lines.at(-1) ?? 'exited without a word').trim();
}

/** Resident memory of a process in bytes (Linux /proc), NaN elsewhere. */
export function rssOf(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? NaN : Number(kb) * 1024;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system, ms) a process used so far (Linux /proc, clock ticks of 10 ms), NaN elsewhere. */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * Starts an instance of `bin` (default server/dist's); resolves to { pid, url, relayUrl, close() }
 * once it answers /health, or to { refused } when it exits first. `args` are extra bin options
 * (--db URL, --redis URL); `nodeArgs` are node's own, before the bin (--max-semi-space-size=MB).
 */
export async function startInstance({ dataDir, args = [], env = {}, cpuProfDir, bin = SERVER_BUNDLE, nodeArgs = [] }) {
  const node = [...nodeArgs, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])];
  const argv = [...node, bin, '--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--seed', '--trust-proxy', '127.0.0.1', ...args];
  const child = spawn(process.execPath, argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, W3KIT_KEK: randomBytes(32).toString('base64'), ...BENCH_ENV, ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 100))]);
    if (code !== undefined) return { refused: refusalOf(output) };
    const url = startLineUrl(output, 'w3kit-server');
    const relayUrl = startLineUrl(output, 'w3kit-relay');
    if (
      url &&
      relayUrl &&
      (await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      const close = () => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        return exited.then(() => clearTimeout(killer));
      };
      return { pid: child.pid, url, relayUrl, output: () => output, close };
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`w3kit-server did not answer /health within 60 s:\n${output}`);
    }
  }
}
