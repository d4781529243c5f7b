/** The Swap store against a loopback Blockchain API of canned replies: tokens, balances, quotes (debounced, stale ones dropped), allowance. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT, BALANCES, CHAIN, DUSD } from '../../test-utils/blockchain-fixtures.js';
import { connectWithApi } from '../../test-utils/blockchain-setup.js';
import { startLoopback, type LoopbackServer, type Reply } from '../../test-utils/loopback-server.js';
import { resetStores } from '../app/reset.js';
import { NATIVE_TOKEN_ADDRESS } from '../../wire/convert-api.js';
import { networks } from '../../wire/networks.js';
import { setBlockchainApiDeps } from '../portfolio/blockchain.js';
import { setSwapApiDeps } from './swap-client.js';
import {
  $swap,
  $swapDetails,
  SWAP_QUOTE_DELAY_MS,
  initSwap,
  isSwapNetwork,
  resetSwap,
  setAmount,
  setFromToken,
  setMax,
  setSlippage,
  setToToken,
  switchTokens,
} from './swap.js';

const ETH_ID = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`;
const DUSD_ID = `${CHAIN}:${DUSD}`;
const DUSDT_ID = `${CHAIN}:0x00000000000000000000000000000000000000cc`;
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18, logoUri: '' },
  { name: 'Demo USDT', symbol: 'DUSDT', address: DUSDT_ID, decimals: 6, logoUri: '' },
  { name: 'Demo USD', symbol: 'DUSD', address: DUSD_ID, decimals: 18, logoUri: '' },
];
const E18 = 10n ** 18n;

let server: LoopbackServer;
let stop: (() => void) | undefined;
let allowance = '0';
let quoteDelay: (amount: string) => number = () => 0;
/** The quote requests' queries, in the order asked (the quote route is answered in the test's fetch). */
let asked: URLSearchParams[] = [];

/** 1 ETH = 2000 DUSD = 2000 DUSDT; the quote answers after quoteDelay(amount) ms. */
function reply(path: string, query: URLSearchParams): Reply | undefined {
  switch (path) {
    case '/v1/convert/tokens':
      return query.get('chainId') === CHAIN
        ? { status: 200, json: { tokens: TOKENS } }
        : { status: 400, json: { message: 'Network not supported for Swaps', field: 'chainId' } };
    case '/v1/convert/gas-price':
      return { status: 200, json: { standard: '1000000000', fast: '2000000000', instant: '3000000000' } };
    case '/v1/convert/allowance':
      return { status: 200, json: { allowance } };
    case `/v1/account/${ACCOUNT}/balance`:
      return { status: 200, json: { balances: BALANCES } };
    case '/v1/fungible/price':
      return { status: 200, json: { fungibles: [{ name: 'Demo USDT', symbol: 'DUSDT', iconUrl: '', price: 1 }] } };
  }
  return undefined;
}

function quoteOf(query: URLSearchParams) {
  const amount = BigInt(query.get('amount')!);
  const from = query.get('from')!;
  const to = query.get('to')!;
  const toAmount = from === ETH_ID ? amount * 2000n : to === ETH_ID ? amount / 2000n : amount;
  return {
    quotes: [
      { id: null, fromAmount: amount.toString(), fromAccount: from, toAmount: toAmount.toString(), toAccount: to, priceImpact: 0.3 },
    ],
  };
}

beforeEach(async () => {
  allowance = '0';
  quoteDelay = () => 0;
  asked = [];
  server = await startLoopback((req) => reply(req.path, req.query) ?? { status: 404, json: { message: 'no route' } });
  // The quote route answers after a delay of its own (the loopback server answers at once).
  setSwapApiDeps({
    attempts: 1,
    timeoutMs: 2000,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname !== '/v1/convert/quotes') return fetch(input, init);
      asked.push(url.searchParams);
      const wait = quoteDelay(url.searchParams.get('amount')!);
      await new Promise((r) => setTimeout(r, wait));
      return new Response(JSON.stringify(quoteOf(url.searchParams)), { status: 200 });
    },
  });
  setBlockchainApiDeps({ attempts: 1, timeoutMs: 2000, sleep: async () => {} });
  connectWithApi(server.url);
  resetSwap();
  // As the Swap view does: listening loads the tokens, the balances and the quotes.
  stop = $swap.listen(() => undefined);
});
afterEach(async () => {
  stop?.();
  resetSwap();
  setSwapApiDeps({});
  resetStores();
  await server.close();
});

const until = async (check: () => boolean, what: string, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
const quotes = () => asked.map((query) => ({ query }));

describe('swap store', () => {
  it('serves eip155 swap networks and the local DEX chain only', () => {
    expect(isSwapNetwork(networks.mainnet)).toBe(true);
    expect(isSwapNetwork(networks.localhost)).toBe(true);
    expect(isSwapNetwork({ ...networks.localhost, id: 31338, caipNetworkId: 'eip155:31338' })).toBe(false);
    expect(isSwapNetwork(undefined)).toBe(false);
  });

  it('loads the DEX tokens with balances (held first) and prices; the native coin is the default from', async () => {
    await initSwap();
    const state = $swap.get();
    expect(state.tokens.map((t) => [t.symbol, t.balance, t.price])).toEqual([
      ['ETH', '10', 3000],
      ['DUSD', '999.5', 1],
      ['DUSDT', '0', 1],
    ]);
    expect(state.from?.symbol).toBe('ETH');
    expect(state.to).toBeUndefined();
    expect($swapDetails.get().networkFeeWei).toBe(200_000n * 1_000_000_000n);
  });

  it("shows the route's refusal for a chain without a DEX", async () => {
    connectWithApi(server.url);
    const { $activeNetworkIds } = await import('../network/networks.js');
    $activeNetworkIds.set({ eip155: 'eip155:1' });
    await initSwap();
    expect($swap.get().status).toBe('error');
    expect(($swap.get().error as { details?: string }).details).toBe('Network not supported for Swaps');
  });

  it('checks the amount as typed and quotes once typing pauses', async () => {
    await initSwap();
    setToToken(DUSD_ID);
    setAmount('abc');
    expect($swap.get().amountProblem).toBe('AMOUNT_NOT_A_NUMBER');
    setAmount('1e3');
    expect($swap.get()).toMatchObject({ amountProblem: 'AMOUNT_EXPONENT', parsedAmount: { ok: false, reason: 'AMOUNT_EXPONENT' } });
    setAmount('11');
    expect($swap.get().amountProblem).toBe('INSUFFICIENT');
    setAmount('0.1234567890123456789');
    expect($swap.get().amountProblem).toBe('AMOUNT_DECIMALS');
    expect(quotes()).toHaveLength(0);
    for (const typed of ['1', '1.', '1.5']) setAmount(typed);
    expect($swap.get().status).toBe('quoting');
    await new Promise((r) => setTimeout(r, SWAP_QUOTE_DELAY_MS - 100));
    expect(quotes()).toHaveLength(0);
    await until(() => $swapDetails.get().quote !== undefined, 'quote');
    expect(quotes()).toHaveLength(1);
    expect(quotes()[0]!.query.get('amount')).toBe((15n * E18) / 10n + '');
    expect(quotes()[0]!.query.get('userAddress')).toBe(`${CHAIN}:${ACCOUNT}`);
    expect(quotes()[0]!.query.get('gasPrice')).toBe('1000000000');
    expect($swapDetails.get().quote!.toAmount).toBe((3000n * E18).toString());
    expect($swapDetails.get().minimumReceived).toBe(2970n * E18);
    setSlippage('0.5');
    expect($swapDetails.get().minimumReceived).toBe(2985n * E18);
    setSlippage('60');
    expect($swap.get().slippageProblem).toBe('SLIPPAGE');
    expect($swapDetails.get().minimumReceived).toBeUndefined();
  });

  it('never lets an answer for an older amount replace a newer one', async () => {
    await initSwap();
    setToToken(DUSD_ID);
    // The first amount's answer comes long after the second's.
    quoteDelay = (amount) => (amount === E18.toString() ? 600 : 0);
    setAmount('1');
    await until(() => quotes().length === 1, 'first quote asked');
    setAmount('2');
    await until(() => $swapDetails.get().quote !== undefined, 'second quote');
    expect($swapDetails.get().quote!.fromAmount).toBe((2n * E18).toString());
    await new Promise((r) => setTimeout(r, 700));
    expect($swap.get().quote!.fromAmount).toBe((2n * E18).toString());
    expect($swap.get().status).toBe('idle');
  });

  it('a token on the from side reads the allowance: approval is needed while it is short', async () => {
    await initSwap();
    setFromToken(DUSD_ID);
    setToToken(DUSDT_ID);
    setAmount('5');
    await until(() => $swapDetails.get().quote !== undefined, 'quote');
    expect($swap.get().allowance).toBe(0n);
    expect($swapDetails.get().needsApproval).toBe(true);
    allowance = (5n * E18).toString();
    setAmount('4');
    await until(() => $swapDetails.get().quote !== undefined, 'quote again');
    expect($swapDetails.get().needsApproval).toBe(false);
    const asked = server.requests.filter((r) => r.path === '/v1/convert/allowance');
    expect(asked.at(-1)!.query.get('tokenAddress')).toBe(DUSD_ID);
  });

  it('Max keeps gas back for the native coin; switching makes the quoted amount the amount; picking the other side switches', async () => {
    await initSwap();
    setToToken(DUSD_ID);
    setMax();
    // 10 ETH less 2 × 200,000 gas × 1 gwei
    expect($swap.get().amount).toBe('9.9996');
    setAmount('1');
    await until(() => $swapDetails.get().quote !== undefined, 'quote');
    switchTokens();
    expect([$swap.get().from?.symbol, $swap.get().to?.symbol, $swap.get().amount]).toEqual(['DUSD', 'ETH', '2000']);
    setFromToken(ETH_ID);
    expect([$swap.get().from?.symbol, $swap.get().to?.symbol]).toEqual(['ETH', 'DUSD']);
    setMax();
    setFromToken(DUSD_ID);
    setMax();
    expect($swap.get().amount).toBe('999.5');
  });
});
