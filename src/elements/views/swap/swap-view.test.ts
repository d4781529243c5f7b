import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { setBlockchainApiDeps } from '../../../stores/portfolio/blockchain.js';
import { $router, pushView } from '../../../stores/ui/router.js';
import { $activeNetworkIds } from '../../../stores/network/networks.js';
import { $swap, resetSwap } from '../../../stores/swap/swap.js';
import { setSwapApiDeps } from '../../../stores/swap/swap-client.js';
import { resetSwapCatalogue } from '../../../stores/swap/swap-catalogue.js';
import { ACCOUNT, BALANCES, CHAIN, DUSD } from '../../../test-utils/blockchain-fixtures.js';
import { NATIVE_TOKEN_ADDRESS } from '../../../wire/convert-api.js';
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
import { offlineLocal } from '../../../test-utils/networks.js';

const API = 'http://swap-api.invalid';
const ETH_ID = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`;
const DUSD_ID = `${CHAIN}:${DUSD}`;
const DUSDT_ID = `${CHAIN}:0x00000000000000000000000000000000000000cc`;
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18, logoUri: '' },
  { name: 'Demo USD', symbol: 'DUSD', address: DUSD_ID, decimals: 18, logoUri: '' },
  { name: 'Demo Tether', symbol: 'DUSDT', address: DUSDT_ID, decimals: 6, logoUri: '' },
];

let refuse = false;
/** The chainId of each tokens request, in order. */
let tokenChains: string[] = [];
/** Canned replies of the Blockchain API (balances, prices) and its swap routes: 1 ETH = 2000 DUSD; no allowance. */
async function canned(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input));
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  switch (url.pathname) {
    case '/v1/convert/tokens':
      tokenChains.push(url.searchParams.get('chainId')!);
      return refuse ? json({ message: 'Network not supported for Swaps', field: 'chainId' }, 400) : json({ tokens: TOKENS });
    case '/v1/convert/gas-price':
      return json({ standard: '1000000000', fast: '1000000000', instant: '1000000000' });
    case '/v1/convert/allowance':
      return json({ allowance: '0' });
    case '/v1/convert/quotes': {
      const amount = BigInt(url.searchParams.get('amount')!);
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const toAmount = from === ETH_ID ? amount * 2000n : amount / 2000n;
      return json({
        quotes: [{ id: null, fromAmount: `${amount}`, fromAccount: from, toAmount: `${toAmount}`, toAccount: to, priceImpact: 0.25 }],
      });
    }
    case `/v1/account/${ACCOUNT}/balance`:
      return json({ balances: BALANCES });
    case '/v1/fungible/price':
      return json({ fungibles: [] });
  }
  return json({ message: 'no route' }, 404);
}

async function openSwap(el: W3Modal): Promise<HTMLElement> {
  connectAccount();
  await el.modal.open({ view: 'Swap' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-swap-view'), 3000, 'swap view');
}

const amountInput = (view: HTMLElement) => deep<HTMLInputElement>(view, 'w3-ui-text-input[data-amount]', 'input')!;
function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}
/** The main button: its label (the host's text) and whether its native button is disabled. */
const mainButton = (view: HTMLElement) => {
  const host = deep<HTMLElement>(view, 'w3-ui-button[data-action]')!;
  return {
    textContent: host.textContent,
    disabled: host.shadowRoot!.querySelector('button')!.disabled,
    click: () => host.shadowRoot!.querySelector('button')!.click(),
  };
};
const fieldError = (view: HTMLElement) => {
  const input = amountInput(view);
  const id = input.getAttribute('aria-describedby');
  return input.getAttribute('aria-invalid') === 'true' && id
    ? (input.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim()
    : undefined;
};

const chip = (view: HTMLElement, side: 'from' | 'to') =>
  deep<HTMLButtonElement>(view, `w3-ui-token-picker[data-side="${side}"]`, 'button.chip')!;

/** Chooses `symbol` on `side` with the token picker: its chip, then the option in its list (the view stays). */
async function pick(_el: W3Modal, view: HTMLElement, side: 'from' | 'to', symbol: string): Promise<HTMLElement> {
  chip(view, side).click();
  const picker = deep<HTMLElement>(view, `w3-ui-token-picker[data-side="${side}"]`)!;
  const option = await waitFor(() => deep<HTMLElement>(picker, `[role="option"][data-token="${symbol}"]`), 2000, `${symbol} option`);
  option.click();
  await waitFor(() => deep(picker, '[role="listbox"]') === null, 2000, 'list closed');
  return view;
}

describe('Swap views', () => {
  beforeEach(() => {
    resetAll();
    resetSwap();
    resetSwapCatalogue();
    refuse = false;
    tokenChains = [];
    setSwapApiDeps({ fetch: canned, attempts: 1 });
    setBlockchainApiDeps({ fetch: canned, attempts: 1 });
  });
  afterEach(() => {
    resetSwap();
    setSwapApiDeps({});
    resetAll();
  });

  it('opens with the amount focused and ETH to pay; the button says what is missing, then Review swap', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    let view = await openSwap(el);
    await waitFor(() => $swap.get().from?.symbol === 'ETH', 3000, 'ETH chosen');
    await waitFor(() => activeDeep() === amountInput(view), 2000, 'amount focused');
    expect(amountInput(view).getAttribute('inputmode')).to.equal('decimal');
    expect(chip(view, 'from').getAttribute('aria-label')).to.equal('You pay ETH');
    expect(chip(view, 'from').getAttribute('aria-haspopup')).to.equal('listbox');
    expect(deepAll(view, 'select')).to.deep.equal([]);
    expect(deep(view, '#w3-swap-from')!.textContent).to.equal('You pay');
    expect(mainButton(view).textContent!.trim()).to.equal('Select token');
    expect(mainButton(view).disabled).to.equal(true);
    expect(await axeViolations()).to.deep.equal([]);

    view = await pick(el, view, 'to', 'DUSD');
    expect($swap.get().to?.symbol).to.equal('DUSD');
    await waitFor(() => mainButton(view).textContent!.trim() === 'Enter amount', 2000, 'Enter amount');
    await sleep(300);
    const height = () => Math.round(dialogOf(el)!.getBoundingClientRect().height);
    const before = height();
    type(amountInput(view), 'abc');
    await waitFor(() => fieldError(view) === 'Enter a number such as 1.5', 2000, 'bad amount');
    // The amount's message line is kept while empty: the dialog does not jump (after its 150 ms height animation).
    await sleep(300);
    expect(height()).to.equal(before);
    expect(mainButton(view).disabled).to.equal(true);
    // The same words as Send's, and no fiat value for an amount refused.
    type(amountInput(view), '1e3');
    await waitFor(() => fieldError(view) === 'Write the amount in full, without “e”', 2000, 'exponent');
    expect(deep(view, '[data-from-fiat]')!.textContent!.trim()).to.equal('');
    expect(mainButton(view).textContent!.trim()).to.equal('Enter amount');
    type(amountInput(view), '0');
    await waitFor(() => fieldError(view) === 'Enter an amount above 0', 2000, 'zero');
    type(amountInput(view), '0.1234567890123456789');
    await waitFor(() => fieldError(view) === 'At most 18 decimals', 2000, 'too many decimals');
    type(amountInput(view), '5');
    await waitFor(() => fieldError(view) === 'Insufficient balance', 2000, 'insufficient');
    expect(mainButton(view).textContent!.trim()).to.equal('Insufficient balance');
    type(amountInput(view), '1');
    await waitFor(() => mainButton(view).textContent!.trim() === 'Review swap', 3000, 'Review swap');
    expect(mainButton(view).disabled).to.equal(false);
    expect(deep(view, '[data-to-amount]')!.textContent!.trim()).to.equal('2,000');
    expect(deep(view, '[data-from-fiat]')!.textContent!.trim()).to.match(/^≈ \$[\d,]+\.\d\d$/);
    expect(deep(view, '[data-price]')!.textContent!.trim()).to.equal('1 ETH = 2,000.000000 DUSD');
    expect(deep(view, '[data-impact]')!.textContent!.trim()).to.equal('0.25%');
    expect(deep(view, '[data-minimum]')!.textContent!.trim()).to.equal('1,980 DUSD');
    expect(deep(view, '[data-fee]')!.textContent!.trim()).to.contain('0.0002 ETH');
    expect(await axeViolations()).to.deep.equal([]);

    // Slippage: the edit control, a clear error out of range, and the button off meanwhile.
    deep<HTMLButtonElement>(view, 'button.edit')!.click();
    const slippage = await waitFor(() => deep<HTMLInputElement>(view, 'w3-ui-text-input[data-slippage]', 'input'), 2000, 'slippage field');
    type(slippage, '60');
    await waitFor(
      () => deep(view, 'w3-ui-text-input[data-slippage]')!.shadowRoot!.textContent!.includes('Slippage must be from 0.1 to 50'),
      2000,
      'slippage error',
    );
    expect(mainButton(view).disabled).to.equal(true);
    type(slippage, '2');
    await waitFor(() => deep(view, '[data-minimum]')?.textContent!.trim() === '1,960 DUSD', 2000, 'minimum at 2%');
    expect(mainButton(view).disabled).to.equal(false);
  });

  it('editing the slippage by keyboard: Edit gives the focus to its field, Enter in the field gives it back to Edit', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    const view = await openSwap(el);
    await waitFor(() => $swap.get().from?.symbol === 'ETH', 3000, 'ETH chosen');
    const edit = await waitFor(() => deep<HTMLButtonElement>(view, 'button.edit'), 2000, 'Edit');
    edit.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => activeDeep() === deep(view, 'w3-ui-text-input[data-slippage]', 'input'), 2000, 'slippage field focused');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => activeDeep() === deep(view, 'button.edit'), 2000, 'Edit focused again');
    // Closed for good: Enter's keypress did not press the Edit button it left focused.
    await new Promise((r) => setTimeout(r, 100));
    expect(deep(view, 'w3-ui-text-input[data-slippage]')).to.equal(null);
    expect(activeDeep()).to.equal(deep(view, 'button.edit'));
    expect($router.get().view).to.equal('Swap');
  });

  it('paying with a token asks for approval first: Approve DUSD, and the preview says so', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    let view = await openSwap(el);
    await waitFor(() => $swap.get().tokens.length === 3, 3000, 'tokens');
    view = await pick(el, view, 'from', 'DUSD');
    view = await pick(el, view, 'to', 'ETH');
    type(amountInput(view), '100');
    await waitFor(() => mainButton(view).textContent!.trim() === 'Approve DUSD', 3000, 'Approve DUSD');
    mainButton(view).click();
    const preview = await waitFor(() => deep<HTMLElement>(el, 'w3-swap-preview-view'), 3000, 'preview');
    expect(deep(preview, '[data-preview-pay]')!.textContent!.trim()).to.equal('D 100 DUSD');
    expect(deep(preview, '[data-preview-receive]')!.textContent!.trim()).to.equal('E 0.05 ETH');
    expect(deep(preview, '[data-approve-note]')!.textContent!.trim()).to.equal('First allow the exchange to spend your DUSD; then swap.');
    expect(deep(preview, 'w3-ui-button[data-approve]')!.textContent!.trim()).to.equal('Approve DUSD');
    expect(deep(preview, 'w3-ui-button[data-confirm]')).to.equal(null);
    expect(deep(preview, '[data-swap-status]')!.getAttribute('aria-live')).to.equal('polite');
    expect(await axeViolations()).to.deep.equal([]);
    // Back keeps the form.
    deepAll<HTMLElement>(preview, 'w3-ui-button')[0]!.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => $router.get().view === 'Swap', 2000, 'back to Swap');
    expect($swap.get()).to.include({ amount: '100' });
    expect($swap.get().from?.symbol).to.equal('DUSD');
  });

  it('the token picker: held tokens first with balances, then the rest, each once; search, arrows, Enter and Escape', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    const view = await openSwap(el);
    await waitFor(() => $swap.get().tokens.length === 3, 3000, 'tokens');
    chip(view, 'to').focus();
    await sendKeys({ press: 'Enter' });
    const picker = deep<HTMLElement>(view, 'w3-ui-token-picker[data-side="to"]')!;
    const search = await waitFor(() => deep<HTMLInputElement>(picker, 'input[role="combobox"]'), 2000, 'search');
    await waitFor(() => activeDeep() === search, 2000, 'search focused');
    const groups = deepAll<HTMLElement>(picker, '[role="group"]');
    const symbols = (g: HTMLElement) => [...g.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.dataset['token']);
    expect(groups.map((g) => g.textContent!.trim().split(/\s+/)[0])).to.deep.equal(['Your', 'Other']);
    expect(symbols(groups[0]!)).to.deep.equal(['ETH', 'DUSD']);
    expect(symbols(groups[1]!)).to.deep.equal(['DUSDT']);
    expect(deep(picker, '[data-token="DUSD"] .balance')!.textContent).to.equal('999.500 · $999.50');
    expect(deep(picker, '[data-token="DUSDT"] .balance')).to.equal(null);
    expect(await axeViolations()).to.deep.equal([]);
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => search.getAttribute('aria-activedescendant') === deep(picker, '[data-token="DUSD"]')!.id, 2000, 'ArrowDown moves');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $swap.get().to?.symbol === 'DUSD', 2000, 'DUSD chosen by Enter');
    await waitFor(() => activeDeep() === chip(view, 'to'), 2000, 'focus back on the chip');
    expect(chip(view, 'to').getAttribute('aria-label')).to.equal('You receive DUSD');
    expect($router.get().view).to.equal('Swap');
    // Typing filters; Escape closes and changes nothing.
    await sendKeys({ press: 'Enter' });
    await waitFor(() => activeDeep() === deep(picker, 'input[role="combobox"]'), 2000, 'open again');
    await sendKeys({ type: 'tether' });
    await waitFor(() => deepAll(picker, '[role="option"]').length === 1, 2000, 'filtered');
    await sendKeys({ type: 'zzz' });
    await waitFor(() => picker.shadowRoot!.textContent!.includes('No tokens found'), 2000, 'none found');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => deep(picker, '[role="listbox"]') === null && activeDeep() === chip(view, 'to'), 2000, 'closed by Escape');
    expect($swap.get().to?.symbol).to.equal('DUSD');
    expect(el.modal.getState().open).to.equal(true);
  });

  it('the two amounts have equal weight: one font size and one field size for pay and receive', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    let view = await openSwap(el);
    await waitFor(() => $swap.get().tokens.length === 3, 3000, 'tokens');
    view = await pick(el, view, 'to', 'DUSD');
    type(amountInput(view), '1');
    await waitFor(() => deep(view, '[data-to-amount]')!.textContent!.trim() === '2,000', 3000, 'quote');
    const pay = amountInput(view);
    const receive = deep<HTMLElement>(view, '[data-to-amount]')!;
    const [a, b] = [pay, receive].map((n) => ({ style: getComputedStyle(n), box: n.getBoundingClientRect() }));
    expect(b!.style.fontSize).to.equal(a!.style.fontSize);
    expect(b!.style.fontWeight).to.equal(a!.style.fontWeight);
    expect(b!.box.height).to.equal(a!.box.height);
    expect(b!.box.width).to.equal(a!.box.width);
    expect(parseFloat(a!.style.fontSize)).to.be.greaterThan(16);
  });

  it('the slippage editor: presets 0.1, 0.5 and 1 % as a radio group and a custom field, under one label', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    const view = await openSwap(el);
    await waitFor(() => $swap.get().from?.symbol === 'ETH', 3000, 'ETH chosen');
    deep<HTMLButtonElement>(view, 'button.edit')!.click();
    const group = await waitFor(() => deep<HTMLElement>(view, '[role="radiogroup"]'), 2000, 'radio group');
    expect(group.getAttribute('aria-labelledby')).to.equal('w3-swap-slippage');
    expect(deep(view, '#w3-swap-slippage')!.textContent!.trim()).to.equal('Slippage tolerance');
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.closest('label')!.textContent!.trim())).to.deep.equal(['0.1%', '0.5%', '1%']);
    expect(radios.map((r) => r.checked)).to.deep.equal([false, false, true]); // 1 % by default
    // One visible label: the custom field's name is not shown again above it.
    const custom = deep<HTMLElement>(group, 'w3-ui-text-input[data-slippage]')!;
    expect(getComputedStyle(custom.shadowRoot!.querySelector('label')!).width).to.equal('1px');
    expect(deepAll(view, 'dt').filter((d) => /slippage/i.test(d.textContent!)).length).to.equal(1);
    radios[0]!.click();
    await waitFor(() => $swap.get().slippage === '0.1', 2000, '0.1 % chosen');
    radios[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => $swap.get().slippage === '0.5', 2000, 'arrows move between presets');
    type(deep<HTMLInputElement>(custom, 'input')!, '3');
    await waitFor(() => $swap.get().slippage === '3', 2000, 'custom value');
    await waitFor(() => radios.every((r) => !r.checked), 2000, 'no preset checked');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('SwapSelectToken lists a held token once: under Your tokens, not again under All tokens', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    await openSwap(el);
    await waitFor(() => $swap.get().tokens.length === 3, 3000, 'tokens');
    pushView('SwapSelectToken', { side: 'to' });
    const list = await waitFor(() => deep<HTMLElement>(el, 'w3-swap-select-token-view'), 3000, 'token list');
    const rows = (ul: number) => [...deepAll<HTMLElement>(list, 'ul.stack')[ul]!.querySelectorAll<HTMLElement>('w3-ui-list-item')];
    await waitFor(() => deepAll(list, 'ul.stack').length === 2, 2000, 'two lists');
    expect(rows(0).map((r) => r.dataset['token'])).to.deep.equal(['ETH', 'DUSD']);
    expect(rows(1).map((r) => r.dataset['token'])).to.deep.equal(['DUSDT']);
  });

  it("shows the route's refusal, and on a chain without a DEX says it is not supported", async () => {
    refuse = true;
    const el = await mountModal({
      blockchainApiUrl: API,
      projectId: 'w3kit-dev',
      networks: [offlineLocal.localhost, offlineLocal.localhost2],
    });
    const view = await openSwap(el);
    await waitFor(() => deep(view, '[data-swap-error]')?.textContent === 'Network not supported for Swaps', 3000, 'refusal shown');
    $activeNetworkIds.set({ eip155: 'eip155:31338' });
    await waitFor(() => deep(view, 'p.empty')?.textContent === 'Network not supported for Swaps', 2000, 'not supported');
  });

  it('closing the modal resets the form; going to the token list and back keeps it', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    let view = await openSwap(el);
    await waitFor(() => $swap.get().tokens.length === 3, 3000, 'tokens');
    type(amountInput(view), '0.5');
    view = await pick(el, view, 'to', 'DUSD');
    expect($swap.get()).to.include({ amount: '0.5' });
    expect(amountInput(view).value).to.equal('0.5');
    el.modal.close();
    // The chain's tokens stay loaded (a fetcher store keyed by the chain): only the form starts over.
    await waitFor(() => $swap.get().amount === '' && $swap.get().to === undefined, 2000, 'reset');
  });

  it('another network (or account) starts the form over with its own tokens', async () => {
    const el = await mountModal({ blockchainApiUrl: API, projectId: 'w3kit-dev', features: { swaps: true } });
    let view = await openSwap(el);
    await waitFor(() => $swap.get().tokens.length === 3, 3000, 'tokens');
    view = await pick(el, view, 'to', 'DUSD');
    type(amountInput(view), '0.5');
    expect(tokenChains).to.deep.equal(['eip155:31337']);
    $activeNetworkIds.set({ eip155: 'eip155:1' });
    await waitFor(() => tokenChains.length === 2, 3000, 'tokens of mainnet asked');
    expect(tokenChains[1]).to.equal('eip155:1');
    await waitFor(() => $swap.get().amount === '' && $swap.get().to === undefined, 2000, 'form started over');
    // Another account of the wallet: the form starts over (its balances and allowances are its own); the chain's tokens are the same.
    type(amountInput(view), '0.25');
    await waitFor(() => $swap.get().amount === '0.25', 2000, 'amount typed');
    connectAccount('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await waitFor(() => $swap.get().amount === '', 3000, 'form started over for the other account');
    expect(tokenChains).to.have.length(2);
  });
});
