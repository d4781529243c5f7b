/**
 * Stopping an HTTP app without waiting on its clients: it stops listening at once (a balancer's
 * next connection goes to another instance), requests in flight get CLOSE_GRACE_MS to finish,
 * then every connection still open (a browser's keep-alive or a request that has not ended) is
 * dropped, so a stop (SIGTERM, a restart, a test) ends in seconds whatever the clients do. The
 * budget of a stop: the relay's sockets close (1001) within 1 s meanwhile, the database closes
 * after both, and the process exits by SHUTDOWN_DEADLINE_MS after the signal whatever hangs.
 */
import type { FastifyInstance } from 'fastify';

/** How long a stopping server lets requests in flight finish before dropping their connections. */
export const CLOSE_GRACE_MS = 3000;
/** How long after SIGTERM (or SIGINT) the process exits at the latest (cli/serve.ts). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export async function closeWithinGrace(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
