/**
 * Stopping an HTTP app without waiting on its clients: requests in flight get CLOSE_GRACE_MS to
 * finish, then every connection still open (a browser's keep-alive or a request that has not
 * ended) is dropped, so a stop (SIGTERM, a restart, a test) ends in seconds whatever the clients do.
 */
import type { FastifyInstance } from 'fastify';

/** How long a stopping server lets requests in flight finish before dropping their connections. */
export const CLOSE_GRACE_MS = 3000;

export async function closeWithinGrace(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
