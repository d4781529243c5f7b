import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Runs a command with inherited stdio; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  if (existsSync('node_modules/.package-lock.json')) return;
  console.log('Installing dependencies (npm ci)...');
  await run('npm', ['ci', '--no-audit', '--no-fund']);
}
