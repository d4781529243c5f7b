/**
 * The on-ramp store against the real backend of server/ (no chain: it lists USDC on Ethereum and
 * Base, which Coinbase sells and the sandbox does not) and against a backend answering 500 or a
 * closed port: options and quotes from the API, only what the chosen provider sells on the active
 * network offered and quoted (issue 28),
 * the sample options and the placeholder quote 'mocked-quote-id' when they fail (spec 8), the
 * amount limits (spec 9), the defaults USDC and USD, and reset clearing everything (spec 4).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../../server/src/index.js';
import { seedDevProject } from '../../../server/src/projects.js';
import { closedPortUrl, startLoopback, type LoopbackServer } from '../../test-utils/loopback-server.js';
import { connectWithApi, switchToMainnet } from '../../test-utils/blockchain-setup.js';
import { resetOptions, setOptions } from '../app/options.js';
import { networks } from '../../wire/networks.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import {
  $onramp,
  $onrampOffers,
  ONRAMP_PROVIDERS,
  selectProvider,
  amountProblem,
  getQuote,
  isRestrictedTimezone,
  loadOptions,
  MOCKED_QUOTE_ID,
  resetOnramp,
  SAMPLE_OPTIONS,
  setOnrampApiDeps,
  setPaymentAmount,
  setPaymentCurrency,
} from './onramp.js';

let server: RunningServer;
let failing: LoopbackServer | undefined;

beforeAll(async () => {
  server = await startServer({ port: 0, relayPort: false, framePort: false });
  seedDevProject(server.db);
}, 30_000);
afterAll(async () => server?.close());
let stop: (() => void) | undefined;
beforeEach(() => {
  setOnrampApiDeps({ attempts: 1, timeoutMs: 2000 });
  resetOnramp();
  // As the on-ramp views do: listening loads the options and the quotes.
  stop = $onramp.listen(() => undefined);
});
afterEach(async () => {
  stop?.();
  resetOnramp();
  resetOptions();
  $activeNetworkIds.set({});
  await failing?.close();
  failing = undefined;
});

describe('options', () => {
  it('loads the options from the API and defaults to USDC and USD', async () => {
    await loadOptionsOf(server.url);
    const state = $onramp.get();
    expect(state.optionsSource).toBe('api');
    expect(state.options!.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR']);
    expect(state.purchaseCurrency?.id).toBe('USDC');
    expect(state.paymentCurrency?.id).toBe('USD');
    expect(state.loading).toBe(false);
  });

  it('falls back to the sample options when the options call answers 500', async () => {
    failing = await startLoopback(() => ({ status: 500, json: { message: 'down' } }));
    await loadOptionsOf(failing.url);
    expect($onramp.get().optionsSource).toBe('sample');
    expect($onramp.get().options).toEqual(SAMPLE_OPTIONS);
    expect($onramp.get().purchaseCurrency?.id).toBe('USDC');
  });

  it('falls back to the sample options on a closed port', async () => {
    await loadOptionsOf(await closedPortUrl());
    expect($onramp.get().optionsSource).toBe('sample');
  });
});

const provider = (name: string) => ONRAMP_PROVIDERS.find((p) => p.name === name)!;

/** Options with the dev project's id against `url`, on Ethereum, buying from `from` (Coinbase: it sells the API's USDC there). */
async function loadOptionsOf(url: string, from = 'coinbase'): Promise<void> {
  connectWithApi(url);
  setOptions({ networks: [networks.localhost, networks.mainnet, networks.solanaLocal], blockchainApiUrl: url, projectId: DEV_PROJECT_ID });
  switchToMainnet();
  selectProvider(provider(from));
  await loadOptions();
}

describe('only what can be bought on the active network', () => {
  it('the sandbox sells nothing on Ethereum (its backend has no chain): no currency, no quote asked', async () => {
    await loadOptionsOf(server.url, 'sandbox');
    expect($onramp.get().purchaseCurrency).toBeUndefined();
    expect($onrampOffers.get()!.map((o) => [o.provider.name, o.unavailable?.code])).toEqual([
      ['sandbox', 'NOT_HERE'],
      ['meld', undefined],
      ['coinbase', undefined],
    ]);
    setPaymentAmount('100');
    expect($onramp.get().quotesLoading).toBe(false);
    await getQuote();
    expect($onramp.get().quote).toBeUndefined();
    // Choosing Coinbase offers its USDC on Ethereum and quotes it.
    selectProvider(provider('coinbase'));
    expect($onramp.get().purchaseCurrency?.id).toBe('USDC');
    await waitFor(() => $onramp.get().quote !== undefined);
  });

  it('a switch to Solana Local takes the currency away and quotes nothing; back on Ethereum it returns', async () => {
    await loadOptionsOf(server.url);
    expect($onramp.get().purchaseCurrency?.id).toBe('USDC');
    $activeNetworkIds.setKey('solana', networks.solanaLocal.caipNetworkId);
    $activeNamespace.set('solana');
    expect($onramp.get().purchaseCurrency).toBeUndefined();
    expect($onrampOffers.get()!.every((o) => o.unavailable)).toBe(true);
    setPaymentAmount('100');
    await getQuote();
    expect($onramp.get().quote).toBeUndefined();
    expect($onramp.get().quotesLoading).toBe(false);
    $activeNamespace.set('eip155');
    expect($onramp.get().purchaseCurrency?.id).toBe('USDC');
  });
});

describe('amount and quote', () => {
  it('checks the amount against the card limits, naming min and max', async () => {
    await loadOptionsOf(server.url);
    setPaymentAmount('5');
    expect($onramp.get().error).toEqual({ code: 'BELOW_MIN', min: '10.00', currency: 'USD' });
    setPaymentAmount('7500.01');
    expect($onramp.get().error).toEqual({ code: 'ABOVE_MAX', max: '7500.00', currency: 'USD' });
    setPaymentAmount('12.345');
    expect($onramp.get().error).toEqual({ code: 'INVALID' });
    setPaymentAmount('7500');
    expect($onramp.get().error).toBeUndefined();
    expect(amountProblem('25000', { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '25000.00' }] })).toBeUndefined();
  });

  it('re-checks the amount when the payment currency changes', async () => {
    await loadOptionsOf(server.url);
    setPaymentAmount('9000');
    expect($onramp.get().error?.code).toBe('ABOVE_MAX');
    setPaymentCurrency({ id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '10000.00' }] });
    expect($onramp.get().error).toBeUndefined();
  });

  it('quotes through the API, debounced while typing', async () => {
    await loadOptionsOf(server.url);
    setPaymentAmount('1');
    setPaymentAmount('10');
    setPaymentAmount('100');
    expect($onramp.get().quotesLoading).toBe(true);
    await waitFor(() => !$onramp.get().quotesLoading);
    const { quote, purchaseAmount } = $onramp.get();
    expect(quote!.quoteId).toMatch(/^sandbox-/);
    expect(quote!.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' });
    expect(quote!.coinbaseFee.amount).toBe('1.50');
    expect(purchaseAmount).toBe('98.5');
  });

  it('asks one quote per pause in typing, and never shows the answer for an amount since changed', async () => {
    const bodies: string[] = [];
    setOnrampApiDeps({
      attempts: 1,
      timeoutMs: 2000,
      fetch: (input, init) => {
        if (String(input).includes('/quote')) bodies.push(String(init?.body));
        return fetch(input, init);
      },
    });
    await loadOptionsOf(server.url);
    for (const amount of ['20', '200', '30']) setPaymentAmount(amount);
    const asked = getQuote();
    // Typing goes on while that quote is asked: its answer is dropped.
    setPaymentAmount('40');
    await asked;
    expect($onramp.get()).toMatchObject({ quotesLoading: true, quote: undefined });
    await waitFor(() => !$onramp.get().quotesLoading);
    expect($onramp.get().quote!.paymentTotal).toEqual({ amount: '40.00', currency: 'USD' });
    expect(bodies.map((b) => JSON.parse(b).amount)).toEqual(['30', '40']);
  });

  it("gives the placeholder quote 'mocked-quote-id' when the quote call fails", async () => {
    failing = await startLoopback(() => ({ status: 500, json: { message: 'down' } }));
    await loadOptionsOf(failing.url);
    setPaymentAmount('50');
    await getQuote();
    expect($onramp.get().quote?.quoteId).toBe(MOCKED_QUOTE_ID);
    expect($onramp.get().quote?.paymentTotal).toEqual({ amount: '50', currency: 'USD' });
    expect($onramp.get().quotesLoading).toBe(false);
  });

  it('asks no quote for an amount out of the limits', async () => {
    await loadOptionsOf(server.url);
    setPaymentAmount('5');
    await getQuote();
    expect($onramp.get().quote).toBeUndefined();
    expect($onramp.get().quotesLoading).toBe(false);
  });
});

describe('reset and timezones', () => {
  it('clears everything, a pending quote included', async () => {
    await loadOptionsOf(server.url);
    setPaymentAmount('100');
    resetOnramp();
    const state = $onramp.get();
    expect(state.options).toBeUndefined();
    expect(state.quote).toBeUndefined();
    expect(state.paymentAmount).toBe('');
    expect(state.purchaseCurrency).toBeUndefined();
    expect(state.quotesLoading).toBe(false);
    // The view still listens: the options load again, and the quote asked before the reset never lands.
    expect(state.loading).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect($onramp.get()).toMatchObject({
      loading: false,
      optionsSource: 'api',
      quote: undefined,
      paymentAmount: '',
      quotesLoading: false,
    });
  });

  it('knows the mainland China timezones', () => {
    expect(isRestrictedTimezone('Asia/Shanghai')).toBe(true);
    expect(isRestrictedTimezone('Asia/Urumqi')).toBe(true);
    expect(isRestrictedTimezone('Asia/Hong_Kong')).toBe(false);
    expect(isRestrictedTimezone('Europe/Berlin')).toBe(false);
  });
});

async function waitFor(test: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
