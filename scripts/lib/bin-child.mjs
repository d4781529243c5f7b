/**
 * A command of the built bin (`w3kit-server btc`, `w3kit-server svm`: the local development chains)
 * as a child process, for ./btc.mjs and ./svm.mjs: spawns it, waits for the line that says it is
 * ready, and stops it.
 *
 *   const { match, close } = await startBinChild('svm', ['--port', '0'], /^solana rpc (\S+)/m);
 *
 * The child never outlives the caller: killed on `process.on('exit')`, and it exits by itself when
 * its stdin pipe closes (the caller died in any way).
 */
import { spawn } from 'node:child_process';
import { SERVER_BUNDLE } from '../../server/scripts/bundle.mjs';

/** Exits the child when its stdin closes (the caller died without running exit handlers); unref'd, so it never keeps the child running. */
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
 * Runs `w3kit-server <command> ...args` and resolves once its output (stdout) matches `ready`,
 * with the match; rejects, the child killed, when it exits first or prints nothing that matches
 * within 30 s (the error holds all it printed).
 * @param {string} command
 * @param {string[]} args
 * @param {RegExp} ready
 * @returns {Promise<{ match: RegExpExecArray, close(): Promise<void> }>}
 */
export async function startBinChild(command, args, ready) {
  if (!hooked) {
    hooked = true;
    process.on('exit', () => live.forEach((child) => child.kill('SIGKILL')));
  }
  const child = spawn(process.execPath, ['--import', WATCHDOG, SERVER_BUNDLE, command, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env },
  });
  live.add(child);
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => (live.delete(child), resolve(code))));
  const match = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`w3kit-server ${command} printed no URL within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`w3kit-server ${command} exited with code ${code} before answering:\n${output}`));
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    match,
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      child.kill('SIGTERM');
      return exited.then(() => undefined);
    },
  };
}

/**
 * Runs `w3kit-server <command...> ...args` (the built bin) to its end; resolves to the one JSON line
 * it prints, rejects with its one-line error (or its exit code) or when it printed no JSON.
 * @param {string[]} command e.g. ['dex', 'deploy']
 * @param {string[]} args
 * @returns {Promise<unknown>}
 */
export function runBinJson(command, args) {
  const name = `w3kit-server ${command.join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_BUNDLE, ...command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(stderr.trim() || `${name} exited with ${code}`));
      try {
        resolve(JSON.parse(stdout.trim()));
      } catch {
        reject(new Error(`${name} printed no JSON line: ${stdout}`));
      }
    });
  });
}
