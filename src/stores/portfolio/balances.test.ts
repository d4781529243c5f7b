import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BALANCE_RETRY_BLOCK_MS, CACHE_LIFETIME_MS } from '../../core/constants.js';
import { ACCOUNT, BALANCES, CHAIN } from '../../test-utils/blockchain-fixtures.js';
import { connectWithApi, switchToMainnet } from '../../test-utils/blockchain-setup.js';
import { startLoopback, type LoopbackServer, type Reply } from '../../test-utils/loopback-server.js';
import { $balances, balanceRetryAt, fetchBalances, resetBalances, usableTokens } from './balances.js';
import { setBlockchainApiDeps, setClock } from './blockchain.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $toast, hideToast } from '../ui/toast.js';
import { networks } from '../../wire/networks.js';

let server: LoopbackServer | undefined;
let time = 1_000_000;

beforeEach(() => {
  time = 1_000_000;
  setClock(() => time);
  // A short per-attempt timeout and no backoff waits keep the failure tests quick.
  setBlockchainApiDeps({ timeoutMs: 200, sleep: async () => {} });
  resetBalances();
  hideToast();
});
afterEach(async () => {
  setClock(undefined);
  setBlockchainApiDeps({});
  resetOptions();
  hideToast();
  await server?.close();
  server = undefined;
});

async function serve(reply: (n: number) => Reply): Promise<LoopbackServer> {
  server = await startLoopback((req, n) => (req.path.endsWith('/balance') ? reply(n) : { status: 404 }));
  connectWithApi(server.url);
  return server;
}

const balanceRequests = () => server!.requests.filter((r) => r.path.endsWith('/balance'));

describe('usableTokens', () => {
  it("keeps the chain's tokens with non-zero decimals, most valuable first", () => {
    expect(usableTokens(BALANCES, CHAIN).map((t) => t.symbol)).toEqual(['ETH', 'DUSD']);
  });
});

describe('fetchBalances', () => {
  it('loads the active chain and account, then serves the cache for 30 s', async () => {
    await serve(() => ({ status: 200, json: { balances: BALANCES } }));
    await fetchBalances();
    expect($balances.get()).toMatchObject({ status: 'ready', key: `${CHAIN}|${ACCOUNT.toLowerCase()}` });
    expect($balances.get().tokens.map((t) => t.symbol)).toEqual(['ETH', 'DUSD']);
    expect(balanceRequests()[0]!.query.get('chainId')).toBe(CHAIN);
    expect(balanceRequests()[0]!.path).toBe(`/v1/account/${ACCOUNT}/balance`);
    time += CACHE_LIFETIME_MS.portfolio - 1;
    await fetchBalances();
    expect(balanceRequests()).toHaveLength(1);
    time += 1;
    await fetchBalances();
    expect(balanceRequests()).toHaveLength(2);
    await fetchBalances({ force: true });
    expect(balanceRequests()).toHaveLength(3);
    expect(balanceRequests()[2]!.query.get('forceUpdate')).toBe('true');
  });

  it('asks again for another network and shows only its tokens', async () => {
    await serve(() => ({ status: 200, json: { balances: BALANCES } }));
    await fetchBalances();
    switchToMainnet();
    await fetchBalances();
    expect(balanceRequests()[1]!.query.get('chainId')).toBe('eip155:1');
    expect($balances.get().tokens.map((t) => t.symbol)).toEqual(['OTH']);
  });

  it('fetches nothing without blockchainApiUrl', async () => {
    setOptions({ networks: [networks.localhost] });
    await fetchBalances();
    expect($balances.get().status).toBe('idle');
  });

  for (const [what, reply] of [
    ['a malformed reply', () => ({ status: 200, json: { balances: [{ symbol: 'X' }] } })],
    ['a 500', () => ({ status: 500, text: 'down' })],
    ['no reply in time', () => 'hang'],
  ] as [string, () => Reply][]) {
    it(`${what}: 'Token Balance Unavailable' and no new fetch for 30 s`, async () => {
      await serve(reply);
      await fetchBalances();
      expect($balances.get().status).toBe('error');
      expect($toast.get()).toMatchObject({ open: true, message: { code: 'TOKEN_BALANCE_UNAVAILABLE' }, variant: 'error' });
      expect(balanceRetryAt()).toBe(time + BALANCE_RETRY_BLOCK_MS);
      const made = balanceRequests().length;
      time += BALANCE_RETRY_BLOCK_MS - 1;
      await fetchBalances({ force: true });
      expect(balanceRequests()).toHaveLength(made);
      time += 1;
      const next = fetchBalances();
      expect($balances.get().status).toBe('loading');
      await next;
      expect(balanceRequests().length).toBeGreaterThan(made);
    });
  }
});
