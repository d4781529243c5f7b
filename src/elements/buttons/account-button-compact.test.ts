import { expect } from 'chai';
import { $nativeBalances, balanceKey } from '../../stores/connection/native-balance.js';
import { ADDRESS, connectAccount, deep, deepText, mountModal, nextFrame, resetAll, waitFor } from '../../../test/browser/helpers.js';

/** A row like a page's button row that does not wrap, `width` px wide, with a network button and a <w3-button>. */
async function row(width: number): Promise<{ row: HTMLElement; button: HTMLElement }> {
  const row = document.createElement('div');
  row.style.cssText = `display: flex; gap: 8px; width: ${width}px`;
  row.innerHTML = '<w3-network-button></w3-network-button><w3-button></w3-button>';
  document.body.append(row);
  const button = row.querySelector<HTMLElement>('w3-button')!;
  await waitFor(() => deep(button, 'w3-account-button', 'button'), 2000, 'account button');
  return { row, button };
}

const accountText = (button: HTMLElement) => deepText(deep(button, 'w3-account-button')!);
const right = (el: Element) => el.getBoundingClientRect().right;

describe('<w3-account-button> compact form', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it('shows the balance where there is room, and drops it by itself where the row is short', async () => {
    await mountModal();
    connectAccount();
    $nativeBalances.setKey(balanceKey('eip155:31337', ADDRESS), { status: 'ready', value: '10000', symbol: 'ETH' });
    const wide = await row(600);
    await nextFrame();
    // (the amount's grouping is the formatter's business: 10000.000 or 10,000.000)
    expect(accountText(wide.button)).to.match(/^10,?000\.000 ETH 0xf3…b92266$/);
    wide.row.remove();

    const short = await row(320);
    await waitFor(() => !accountText(short.button).includes('ETH'), 2000, 'compact form');
    expect(accountText(short.button)).to.equal('0xf3…b92266');
    const avatar = deep(short.button, 'w3-account-button', 'w3-ui-avatar')!.getBoundingClientRect();
    expect(avatar.width).to.equal(avatar.height);
    const inner = deep<HTMLButtonElement>(short.button, 'w3-account-button', 'button')!;
    expect(right(inner)).to.be.at.most(right(short.row) + 0.5);
    expect(inner.scrollWidth).to.be.at.most(inner.clientWidth + 1);
    expect(short.row.scrollWidth).to.be.at.most(320);

    // More room: the full form comes back.
    short.row.style.width = '600px';
    await waitFor(() => accountText(short.button).includes('ETH'), 2000, 'full form again');
    // Less room again: compact again.
    short.row.style.width = '320px';
    await waitFor(() => !accountText(short.button).includes('ETH'), 2000, 'compact form again');
  });

  it('goes down to the avatar alone, named by the address, where even the address does not fit', async () => {
    await mountModal();
    connectAccount();
    $nativeBalances.setKey(balanceKey('eip155:31337', ADDRESS), { status: 'ready', value: '10000', symbol: 'ETH' });
    const bar = await row(375);
    bar.row.insertAdjacentHTML('afterbegin', '<strong style="flex: none; width: 110px">MyDapp</strong>');
    const inner = () => deep<HTMLButtonElement>(bar.button, 'w3-account-button', 'button')!;
    await waitFor(() => inner().getAttribute('aria-label') === '0xf3…b92266', 2000, 'avatar only');
    expect(accountText(bar.button)).to.equal('');
    expect(deep(bar.button, 'w3-account-button', 'w3-ui-avatar')).to.not.equal(null);
    expect(right(inner())).to.be.at.most(right(bar.row) + 0.5);
    expect(inner().scrollWidth).to.be.at.most(inner().clientWidth + 1);
    // A little more room: the address comes back, then with enough the balance too.
    bar.row.style.width = '420px';
    await waitFor(() => accountText(bar.button) === '0xf3…b92266', 2000, 'address again');
    expect(inner().hasAttribute('aria-label')).to.equal(false);
    bar.row.style.width = '700px';
    await waitFor(() => accountText(bar.button).includes('ETH'), 2000, 'full form again');
  });

  it('keeps balance="hide" (address only) and its name', async () => {
    await mountModal();
    connectAccount();
    const el = document.createElement('w3-account-button');
    el.setAttribute('balance', 'hide');
    document.body.append(el);
    await waitFor(() => deep(el, 'button'), 2000, 'button');
    expect(deepText(el)).to.equal('0xf3…b92266');
  });
});
