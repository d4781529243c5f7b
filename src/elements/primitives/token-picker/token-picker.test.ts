import { expect } from 'chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { activeDeep, axeViolations, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { defineUiTokenPicker, type PickerToken, type W3UiTokenPicker } from './token-picker.js';

const LONG = 'Wrapped Liquid Staked Ether 2.0 bridged from Arbitrum One';
const TOKENS: PickerToken[] = [
  { id: 'eth', symbol: 'ETH', name: 'Ether', balance: '1.234' },
  { id: 'dusd', symbol: 'DUSD', name: 'Demo USD' },
  { id: 'wsteth', symbol: 'WSTETH', name: LONG, logo: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E' },
  { id: 'dusdt', symbol: 'DUSDT', name: 'Demo Tether', balance: '5.000' },
  // A token given twice is listed once.
  { id: 'ETH', symbol: 'ETH', name: 'Ether', balance: '1.234' },
];

async function mount(): Promise<W3UiTokenPicker> {
  const el = (
    await mountFixture('<div style="width: 360px"><w3-ui-token-picker label="You pay"></w3-ui-token-picker></div>')
  ).querySelector('w3-ui-token-picker')!;
  el.tokens = TOKENS;
  el.value = 'eth';
  await el.updateComplete;
  return el;
}

const chip = (el: W3UiTokenPicker) => el.shadowRoot!.querySelector<HTMLButtonElement>('button.chip')!;
const options = (el: W3UiTokenPicker) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];

describe('<w3-ui-token-picker>', () => {
  // Defined by the Send and Swap views, which show it, not by definePrimitives().
  before(() => defineUiTokenPicker());
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 800, height: 600 });
  });

  it('is a chip (icon and symbol) opening a searchable listbox: held tokens first with balances, then the rest, each once', async () => {
    const el = await mount();
    expect(chip(el).getAttribute('aria-label')).to.equal('You pay ETH');
    expect(chip(el).getAttribute('aria-haspopup')).to.equal('listbox');
    expect(chip(el).getAttribute('aria-expanded')).to.equal('false');
    expect(chip(el).querySelector('.icon')).to.not.equal(null);
    expect(el.shadowRoot!.querySelector('select')).to.equal(null);
    chip(el).click();
    await waitFor(() => activeDeep() === el.shadowRoot!.querySelector('input[role="combobox"]'), 2000, 'search focused');
    expect(chip(el).getAttribute('aria-expanded')).to.equal('true');
    expect(options(el).map((o) => o.dataset['token'])).to.deep.equal(['ETH', 'DUSDT', 'DUSD', 'WSTETH']);
    expect(options(el).map((o) => o.querySelector('.balance')?.textContent ?? '')).to.deep.equal(['1.234', '5.000', '', '']);
    expect(options(el).every((o) => o.querySelector('.icon'))).to.equal(true);
    expect(options(el)[0]!.getAttribute('aria-selected')).to.equal('true');
    expect([...el.shadowRoot!.querySelectorAll('.group')].map((g) => g.textContent!.trim())).to.deep.equal(['Your tokens', 'Other tokens']);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('is driven by keys: arrows move, Enter chooses (w3-token-change, focus back on the chip), typing filters, Escape closes', async () => {
    const el = await mount();
    const changes: string[] = [];
    el.addEventListener('w3-token-change', (e) => changes.push((e as CustomEvent<{ id: string }>).detail.id));
    chip(el).focus();
    await sendKeys({ press: 'ArrowDown' });
    const search = await waitFor(() => el.shadowRoot!.querySelector<HTMLInputElement>('input[role="combobox"]'), 2000, 'open');
    await waitFor(() => activeDeep() === search, 2000, 'search focused');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowUp' });
    await el.updateComplete;
    expect(search.getAttribute('aria-activedescendant')).to.equal(options(el)[1]!.id);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => activeDeep() === chip(el), 2000, 'focus back on the chip');
    expect(changes).to.deep.equal(['dusdt']);
    expect(el.value).to.equal('dusdt');
    expect(el.shadowRoot!.querySelector('[role="listbox"]')).to.equal(null);

    await sendKeys({ press: 'Enter' });
    await waitFor(() => activeDeep()?.getAttribute('role') === 'combobox', 2000, 'open again');
    await sendKeys({ type: 'staked' });
    await waitFor(() => options(el).length === 1, 2000, 'filtered by name');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => changes.length === 2, 2000, 'chosen');
    expect(changes[1]).to.equal('wsteth');

    await sendKeys({ press: 'Space' });
    await waitFor(() => activeDeep()?.getAttribute('role') === 'combobox', 2000, 'open by Space');
    await sendKeys({ type: 'zzz' });
    await waitFor(() => el.shadowRoot!.textContent!.includes('No tokens found'), 2000, 'none found');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => activeDeep() === chip(el) && el.shadowRoot!.querySelector('[role="listbox"]') === null, 2000, 'closed');
    expect(changes.length).to.equal(2);
  });

  it('shows whole names at 1280 px (not cut), and closes on a click outside', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await mount();
    chip(el).click();
    await waitFor(() => options(el).length === 4, 2000, 'open');
    const name = options(el)[3]!.querySelector<HTMLElement>('.name')!;
    expect(name.textContent).to.equal(LONG);
    expect(name.scrollWidth).to.be.at.most(name.clientWidth);
    const panel = el.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
    expect(name.getBoundingClientRect().right).to.be.at.most(panel.right);
    expect(getComputedStyle(name).textOverflow).to.not.equal('ellipsis');
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await waitFor(() => el.shadowRoot!.querySelector('[role="listbox"]') === null, 2000, 'closed by a click outside');
  });
});
