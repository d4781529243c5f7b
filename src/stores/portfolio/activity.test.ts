import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT, CHAIN, transaction } from '../../test-utils/blockchain-fixtures.js';
import { connectWithApi } from '../../test-utils/blockchain-setup.js';
import { startLoopback, type LoopbackServer, type Reply, type ReceivedRequest } from '../../test-utils/loopback-server.js';
import { $activity, fetchActivity, fetchMoreActivity, resetActivity, visibleTransactions, watchTransaction } from './activity.js';
import { setBlockchainApiDeps } from './blockchain.js';
import { resetOptions } from '../app/options.js';
import { eip155Entry } from '../../chains/eip155/entry.js';
import { eip155Rules } from '../../chains/eip155/rules.js';
import { registerAdapter } from '../../chains/registry.js';

let server: LoopbackServer | undefined;

beforeEach(() => {
  setBlockchainApiDeps({ timeoutMs: 500, sleep: async () => {} });
  resetActivity();
});
afterEach(async () => {
  setBlockchainApiDeps({});
  resetOptions();
  await server?.close();
  server = undefined;
});

async function serve(reply: (req: ReceivedRequest, n: number) => Reply): Promise<void> {
  server = await startLoopback(reply);
  connectWithApi(server.url);
}

describe('visibleTransactions', () => {
  it("keeps the chain's transactions and hides those whose transfers are all spam NFTs", () => {
    const list = [
      transaction('1'),
      transaction('2', { spam: true }),
      transaction('3', { spam: false }),
      transaction('4', { chain: 'eip155:1' }),
    ];
    expect(visibleTransactions(list, CHAIN, '31337').map((t) => t.id)).toEqual(['1', '3']);
  });
});

describe('fetchActivity', () => {
  it('loads the first page, then the next by cursor, without duplicates', async () => {
    await serve((req) => {
      const cursor = req.query.get('cursor');
      if (!cursor) return { status: 200, json: { data: [transaction('3'), transaction('2')], next: 'page-2' } };
      return { status: 200, json: { data: [transaction('2'), transaction('1')], next: null } };
    });
    const loading = fetchActivity();
    expect($activity.get().status).toBe('loading');
    await loading;
    expect($activity.get()).toMatchObject({ status: 'ready', next: 'page-2' });
    expect(server!.requests[0]!.path).toBe(`/v1/account/${ACCOUNT}/history`);
    expect(server!.requests[0]!.query.get('chainId')).toBe(CHAIN);
    await fetchMoreActivity();
    expect($activity.get().transactions.map((t) => t.id)).toEqual(['3', '2', '1']);
    expect($activity.get().next).toBeNull();
    await fetchMoreActivity();
    expect(server!.requests).toHaveLength(2);
  });

  it('an empty history is ready with no transactions', async () => {
    await serve(() => ({ status: 200, json: { data: [], next: null } }));
    await fetchActivity();
    expect($activity.get()).toMatchObject({ status: 'ready', transactions: [] });
  });

  it('a failure marks the list empty with an error status', async () => {
    await serve(() => ({ status: 500, text: 'down' }));
    await fetchActivity();
    expect($activity.get()).toMatchObject({ status: 'error', transactions: [] });
  });

  it('watchTransaction refreshes until the hash shows', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    await serve((_req, n) => ({ status: 200, json: { data: n < 2 ? [] : [transaction('9', { hash })], next: null } }));
    await expect(watchTransaction(hash, { intervalMs: 10, timeoutMs: 2000 })).resolves.toBe(true);
    expect(server!.requests).toHaveLength(3);
  });
});

describe('the activity feature', () => {
  it("is read from the namespace's rules: without `features.activity` no history loads", async () => {
    const restore = registerAdapter({ ...eip155Entry, rules: { ...eip155Rules, features: { ...eip155Rules.features, activity: false } } });
    try {
      await serve(() => ({ status: 200, json: { data: [transaction('1')], next: null } }));
      await fetchActivity();
      expect($activity.get().status).toBe('idle');
      expect(server!.requests).toHaveLength(0);
    } finally {
      restore();
    }
    connectWithApi(server!.url); // the registry is read when the account or network changes
    await fetchActivity();
    expect($activity.get()).toMatchObject({ status: 'ready', transactions: [{ id: '1' }] });
  });
});
