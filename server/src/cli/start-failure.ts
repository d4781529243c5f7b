/** Why `w3kit-server` could not start, in words (cli/serve.ts prints it). */
import type { ServerConfig } from '../config.js';
import { isDiskFull } from '../db/disk-full.js';
import { DatabaseFileError } from '../db/file-check.js';
import { redactText } from '../redact.js';

/** The listen errors that are about the address and port. */
const LISTEN_ERRORS = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'EINVAL', 'ENOTFOUND', 'EAI_AGAIN']);

/** Why the server could not start, in words: the address only when listening on it failed. */
export function startFailure(err: unknown, config: ServerConfig): string {
  const { code, port, syscall } = err as NodeJS.ErrnoException & { port?: number };
  if (err instanceof DatabaseFileError) return `w3kit-server: cannot start: ${redactText(err.message)}\n`;
  if (isDiskFull(err))
    return `w3kit-server: cannot start: the disk holding ${config.dataDir} is full (${code}): free space on it and start again\n`;
  if (syscall !== 'listen' && !(code && LISTEN_ERRORS.has(code)))
    return `w3kit-server: cannot start: ${redactText((err as Error).message)}\n`;
  const reason =
    code === 'EADDRINUSE' ? 'the port is in use' : code === 'EACCES' ? 'permission denied' : redactText((err as Error).message);
  return `w3kit-server: cannot start on ${config.host}:${port ?? config.port}: ${reason}\n`;
}
