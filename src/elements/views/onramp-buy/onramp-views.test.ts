import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { $onramp, resetOnramp, selectProvider, setOnrampApiDeps, setPaymentAmount } from '../../../stores/onramp/onramp.js';
import { $accounts } from '../../../stores/connection/account.js';
import { $activeNamespace, $activeNetworkIds } from '../../../stores/network/networks.js';
import { networks } from '../../../wire/networks.js';
import { $purchase, openProvider, resetPurchase } from '../../../stores/onramp/purchase.js';
import { ONRAMP_PROVIDERS } from '../../../stores/onramp/onramp.js';
import { $router } from '../../../stores/ui/router.js';
import {
  activeDeep,
  axeViolations,
  connectAccount,
  deep,
  deepAll,
  dialogOf,
  mountModal,
  resetAll,
  sleep,
  waitFor,
} from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** A Blockchain API that cannot be reached: the sample options and the placeholder quote (spec 8). */
const UNREACHABLE = 'http://127.0.0.1:9';

type OnrampView = 'OnRampProviders' | 'OnRampBuy' | 'BuyInProgress';

/**
 * The modal on `view`, connected on Ethereum (where the sample options sell something: Meld and
 * Coinbase sell real money on main networks only) against `api` (default one that cannot be reached).
 */
async function open(view: OnrampView, api = UNREACHABLE): Promise<{ el: W3Modal; view: HTMLElement }> {
  setOnrampApiDeps({ attempts: 1, timeoutMs: 1000 });
  const el = await mountModal({ blockchainApiUrl: api, projectId: 'w3kit-dev', features: { onramp: true } });
  connectAccount();
  $activeNetworkIds.setKey('eip155', networks.mainnet.caipNetworkId);
  return show(el, view);
}

async function show(el: W3Modal, view: OnrampView): Promise<{ el: W3Modal; view: HTMLElement }> {
  await el.modal.open({ view });
  const tag = { OnRampProviders: 'w3-on-ramp-providers-view', OnRampBuy: 'w3-on-ramp-buy-view', BuyInProgress: 'w3-buy-in-progress-view' }[
    view
  ];
  return { el, view: await waitFor(() => deep<HTMLElement>(el, tag), 3000, tag) };
}

const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const buttonOf = (host: Element) => deep<HTMLButtonElement>(host, 'button')!;

function type(view: HTMLElement, value: string): void {
  const input = deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

describe('on-ramp views', () => {
  beforeEach(() => {
    resetAll();
    resetOnramp();
    resetPurchase();
  });
  afterEach(() => {
    resetAll();
    resetOnramp();
    resetPurchase();
    setOnrampApiDeps({});
  });

  it('OnRampProviders lists the sandbox, meld and coinbase with their fees; one that sells nothing here is disabled with its reason', async () => {
    const { view } = await open('OnRampProviders');
    await waitFor(() => deep(view, '[data-provider="sandbox"][disabled]'), 4000, 'sandbox unavailable');
    const rows = deepAll<HTMLElement>(view, 'w3-ui-list-item');
    expect(rows.map((r) => r.getAttribute('data-provider'))).to.deep.equal(['sandbox', 'meld', 'coinbase']);
    expect(text(rows[0]!)).to.contain('w3kit sandbox');
    // The sandbox is the Blockchain API, which cannot be reached here.
    expect(text(rows[0]!)).to.contain('Not available: the on-ramp service cannot be reached');
    expect(text(rows[1]!)).to.contain('Needs an account and the internet');
    expect((rows[1] as HTMLElement & { tag: string }).tag).to.equal('Fee 1-2%');
    expect((rows[2] as HTMLElement & { tag: string }).tag).to.equal('Fee 1-2%');
    expect(deep(view, '[data-nothing-to-buy]')).to.equal(null);
    // Each note wraps to be read whole, never cut off at the row's edge.
    for (const note of deepAll<HTMLElement>(view, '.note')) expect(note.scrollWidth, note.textContent!).to.be.at.most(note.clientWidth + 1);
    expect(await axeViolations()).to.deep.equal([]);
    buttonOf(rows[1]!).focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(activeDeep()).to.equal(buttonOf(rows[2]!));
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $router.get().view === 'OnRampBuy', 2000, 'OnRampBuy');
    expect($onramp.get().selectedProvider?.name).to.equal('meld');
  });

  it('on Solana Local nothing can be bought: both views say so, nothing opens (issue 28)', async () => {
    setOnrampApiDeps({ attempts: 1, timeoutMs: 3000 });
    // The real backend: it lists USDC on Ethereum and Base, which no provider sells on Solana Local.
    const api = (window as unknown as { __W3_API_URL__: string }).__W3_API_URL__;
    const el = await mountModal({
      networks: [networks.localhost, networks.solanaLocal],
      blockchainApiUrl: api,
      projectId: 'w3kit-dev',
      features: { onramp: true },
    });
    const address = 'AuFc4jCgkVVxRxwsk1ayGpwacxn3gEHAQRsG7ufP5FyV';
    $accounts.setKey('solana', {
      address,
      caipAddress: `${networks.solanaLocal.caipNetworkId}:${address}`,
      status: 'connected',
      balance: undefined,
      balanceSymbol: undefined,
      profileName: undefined,
      profileImage: undefined,
      allAccounts: [{ namespace: 'solana', address, type: 'eoa' }],
      user: undefined,
      smartAccountDeployed: false,
    });
    $activeNetworkIds.setKey('solana', networks.solanaLocal.caipNetworkId);
    $activeNamespace.set('solana');
    let opened = 0;
    const original = window.open;
    window.open = () => {
      opened++;
      return null;
    };
    try {
      const { view } = await show(el, 'OnRampProviders');
      const notice = await waitFor(() => deep<HTMLElement>(view, '[data-nothing-to-buy]'), 4000, 'nothing to buy');
      expect($onramp.get().optionsSource).to.equal('api');
      expect(text(notice)).to.equal('No provider sells crypto on Solana Local. Switch to another network to buy.');
      const rows = deepAll<HTMLElement>(view, 'w3-ui-list-item');
      expect(rows.map((r) => r.hasAttribute('disabled'))).to.deep.equal([true, true, true]);
      expect(text(rows[0]!)).to.contain('Not available on Solana Local');
      expect(text(rows[1]!)).to.contain('Not available on Solana Local: sells on main networks only');
      expect(await axeViolations()).to.deep.equal([]);
      // A disabled row goes nowhere.
      buttonOf(rows[0]!).click();
      expect($router.get().view).to.equal('OnRampProviders');

      // OnRampBuy (a dApp may open it directly) says so too: no currency, no amount to quote, no Continue.
      const buy = (await show(el, 'OnRampBuy')).view;
      const said = await waitFor(() => deep<HTMLElement>(buy, '[data-nothing-to-buy]'), 4000, 'buy: nothing to buy');
      expect(text(said)).to.equal('Nothing to buy from w3kit sandbox on this network Not available on Solana Local');
      expect(deep(buy, '[data-continue]')).to.equal(null);
      expect(text(deep(buy, '[data-purchase-currency]'))).to.equal('…');
      expect(buttonOf(deep(buy, '[data-purchase-currency]')!).disabled).to.equal(true);
      type(buy, '100');
      await sleep(500);
      expect($onramp.get().quote).to.equal(undefined);
      expect(deep(buy, '[data-quote]')).to.equal(null);
      expect(await axeViolations()).to.deep.equal([]);
      expect(opened).to.equal(0);
    } finally {
      window.open = original;
    }
  });

  it('a user in a restricted timezone sees the notice instead of the providers', async () => {
    const { view } = await open('OnRampProviders');
    (view as HTMLElement & { timeZone: string }).timeZone = 'Asia/Shanghai';
    await waitFor(() => deep(view, '[data-restricted]'), 2000, 'notice');
    expect(text(deep(view, '[data-restricted]'))).to.contain('Buying crypto is not available in your region');
    expect(deepAll(view, 'w3-ui-list-item')).to.have.length(0);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('OnRampBuy falls back to the sample options (USDC, USD), checks the limits and shows the placeholder quote', async () => {
    const { el, view } = await open('OnRampBuy');
    selectProvider(ONRAMP_PROVIDERS.find((p) => p.name === 'coinbase')!);
    await waitFor(() => deep(view, '[data-sample-options]'), 4000, 'sample options');
    await sleep(300);
    const height = () => Math.round(dialogOf(el)!.getBoundingClientRect().height);
    const before = height();
    expect(text(deep(view, '[data-purchase-currency]'))).to.equal('USDC');
    expect(text(deep(view, '[data-payment-currency]'))).to.equal('USD');
    expect(text(deep(view, '[data-limits]'))).to.equal('Card limits: 10.00 to 7,500.00 USD');
    type(view, '5');
    await waitFor(() => text(deep(view, 'w3-ui-text-input', '.error')).includes('The minimum is 10.00 USD'), 2000, 'min');
    // The amount's message line is kept while empty: the dialog does not jump (after its 150 ms height animation).
    await sleep(300);
    expect(height()).to.equal(before);
    type(view, '8000');
    await waitFor(() => text(deep(view, 'w3-ui-text-input', '.error')).includes('The maximum is 7,500.00 USD'), 2000, 'max');
    expect(buttonOf(deep(view, '[data-continue]')!).disabled).to.equal(true);
    type(view, '100');
    await waitFor(() => deep(view, '[data-placeholder-quote]'), 4000, 'placeholder quote');
    expect($onramp.get().quote?.quoteId).to.equal('mocked-quote-id');
    expect(text(deep(view, '[data-total]'))).to.equal('100.00 USD');
    expect(buttonOf(deep(view, '[data-continue]')!).disabled).to.equal(false);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('OnRampBuy captions its currency buttons, names what each chooses, and shows the decimals of the checkout (2 for money, 6 for crypto)', async () => {
    const { view } = await open('OnRampBuy');
    selectProvider(ONRAMP_PROVIDERS.find((p) => p.name === 'coinbase')!);
    await waitFor(() => deep(view, '[data-sample-options]'), 4000, 'sample options');
    const captions = deepAll<HTMLElement>(view, '.currency').map((c) => text(c.querySelector('[data-caption]')));
    expect(captions).to.deep.equal(['Currency to buy', 'Currency to pay with']);
    for (const c of deepAll<HTMLElement>(view, '[data-caption]')) expect(c.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(buttonOf(deep(view, '[data-purchase-currency]')!).getAttribute('aria-label')).to.equal('Buy USDC: choose the currency to buy');
    expect(buttonOf(deep(view, '[data-payment-currency]')!).getAttribute('aria-label')).to.equal(
      'Pay in USD: choose the currency to pay with',
    );
    type(view, '99.5');
    await waitFor(() => deep(view, '[data-you-get]'), 4000, 'quote');
    const shown = deepAll<HTMLElement>(view, '[data-quote] dd').map(text);
    expect(
      shown.slice(0, 3).every((t) => /^[\d,]+\.\d{2} USD$/.test(t)),
      shown.join(' | '),
    ).to.equal(true);
    expect(text(deep(view, '[data-you-get]'))).to.match(/^[\d,]+\.\d{6} USDC$/);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('the currency lists are searchable and keyboard driven', async () => {
    const { el, view } = await open('OnRampBuy');
    selectProvider(ONRAMP_PROVIDERS.find((p) => p.name === 'meld')!);
    await waitFor(() => $onramp.get().options, 4000, 'options');
    buttonOf(deep(view, '[data-purchase-currency]')!).click();
    const list = await waitFor(() => deep<HTMLElement>(el, 'w3-on-ramp-token-select-view'), 3000, 'token select');
    await waitFor(() => deepAll(list, 'w3-ui-list-item').length === 2, 2000, 'two currencies');
    const rows = deepAll<HTMLElement>(list, 'w3-ui-list-item');
    buttonOf(rows[0]!).focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(activeDeep()).to.equal(buttonOf(rows[1]!));
    type(list, 'ether');
    await waitFor(() => deepAll(list, 'w3-ui-list-item').length === 1, 2000, 'filtered');
    expect(await axeViolations()).to.deep.equal([]);
    deep<HTMLInputElement>(list, 'w3-ui-text-input', 'input')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $router.get().view === 'OnRampBuy', 2000, 'back to buy');
    expect($onramp.get().purchaseCurrency?.id).to.equal('ETH');

    const buy = await waitFor(() => deep<HTMLElement>(el, 'w3-on-ramp-buy-view'), 3000, 'buy view');
    buttonOf(deep(buy, '[data-payment-currency]')!).click();
    const fiat = await waitFor(() => deep<HTMLElement>(el, 'w3-on-ramp-fiat-select-view'), 3000, 'fiat select');
    type(fiat, 'zzz');
    await waitFor(() => text(deep(fiat, '.empty')) === 'No currency found', 2000, 'nothing found');
    type(fiat, 'eur');
    const eur = await waitFor(() => deep<HTMLElement>(fiat, '[data-currency="EUR"]'), 2000, 'EUR');
    buttonOf(eur).click();
    await waitFor(() => $onramp.get().paymentCurrency?.id === 'EUR', 2000, 'EUR chosen');
  });

  it('BuyInProgress waits, then says a blocked popup, a closed checkout and a completed purchase', async () => {
    const { view } = await open('BuyInProgress');
    $purchase.set({ ...$purchase.get(), status: 'waiting' });
    await waitFor(() => text(view.shadowRoot!.querySelector('h3')) === 'Waiting for your purchase', 2000, 'waiting');
    expect(deep(view, 'w3-ui-spinner')).to.not.equal(null);
    expect(await axeViolations()).to.deep.equal([]);
    $purchase.set({ ...$purchase.get(), status: 'blocked', url: 'http://127.0.0.1:9/onramp/sandbox/checkout/x' });
    const link = await waitFor(() => deep<HTMLAnchorElement>(view, '[data-checkout-link]'), 2000, 'link');
    expect(link.href).to.equal('http://127.0.0.1:9/onramp/sandbox/checkout/x');
    expect(text(view.shadowRoot!.querySelector('h3'))).to.equal('The popup was blocked');
    $purchase.set({ ...$purchase.get(), status: 'closed' });
    await waitFor(() => text(view.shadowRoot!.querySelector('h3')) === 'The checkout window was closed before paying', 2000, 'closed');
    $purchase.set({ ...$purchase.get(), status: 'paid', txHash: `0x${'1'.repeat(64)}`, bought: { amount: '0.0328', currency: 'ETH' } });
    await waitFor(() => text(deep(view, '[data-bought]')) === 'You received 0.0328 ETH', 2000, 'paid');
    buttonOf(deep(view, '[data-done]')!).click();
    await waitFor(() => $router.get().view === 'Account', 2000, 'Account');
  });

  it("a blocked popup leaves a link to the provider's page; a checkout that cannot be made says so", async () => {
    const { el } = await open('OnRampBuy');
    const meld = ONRAMP_PROVIDERS.find((p) => p.name === 'meld')!;
    const sandbox = ONRAMP_PROVIDERS.find((p) => p.name === 'sandbox')!;
    const original = window.open;
    window.open = () => null;
    try {
      await openProvider(meld);
      const view = await waitFor(() => deep<HTMLElement>(el, 'w3-buy-in-progress-view'), 3000, 'in progress');
      const link = await waitFor(() => deep<HTMLAnchorElement>(view, '[data-checkout-link]'), 2000, 'link');
      expect(link.href).to.equal('https://meldcrypto.com/');
      expect(link.rel).to.equal('noopener noreferrer');
      expect(text(view.shadowRoot!.querySelector('h3'))).to.equal('The popup was blocked');
      expect(await axeViolations()).to.deep.equal([]);
      // The sandbox's URL comes from the Blockchain API, which cannot be reached here.
      setPaymentAmount('100');
      await openProvider(sandbox);
      await waitFor(() => text(view.shadowRoot!.querySelector('h3')) === 'Could not open the checkout', 4000, 'failed');
      expect($purchase.get().status).to.equal('failed');
      expect(text(deep(view, '[data-error]'))).to.equal('This provider does not sell this currency on the active network.');
      buttonOf(deep(view, '[data-back]')!).click();
      await waitFor(() => $router.get().view === 'OnRampBuy', 2000, 'back');
    } finally {
      window.open = original;
    }
  });
});
