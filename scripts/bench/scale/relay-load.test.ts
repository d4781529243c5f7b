/** The scale bench's relay load against the real relay (in process, on a free port): pairs deliver to each other. */
import { describe, expect, it } from 'vitest';
import { openDatabase, startRelay } from '../../../server/src/index.js';
import { closeAll, openPairs, runRelayLoad } from './relay-load.mjs';

describe('relay load', () => {
  it('delivers each pair’s messages to the other side, acknowledged, with latencies and no errors', async () => {
    const db = openDatabase(undefined);
    const relay = await startRelay({ port: 0, db });
    try {
      const clients = await openPairs(relay.url, 2);
      expect(clients).toHaveLength(4);
      expect(clients[0]!.peer).toBe(clients[1]);
      try {
        const result = await runRelayLoad(clients, { seconds: 1, window: 2, perClient: 20 });
        expect(result.errors).toEqual({ count: 0, first: undefined });
        // 4 clients at 20/s for the measured second: about 80, paced.
        expect(result.delivered).toBeGreaterThan(40);
        expect(result.delivered).toBeLessThanOrEqual(4 * 22);
        expect(result.latencies).toHaveLength(result.delivered);
        expect(Math.min(...result.latencies)).toBeGreaterThanOrEqual(0);
        expect(clients.every((c) => c.inFlight === 0)).toBe(true);
      } finally {
        closeAll(clients);
      }
    } finally {
      await relay.close();
      db.close();
    }
  });
});
