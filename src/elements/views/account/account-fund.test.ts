import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { $nativeBalances, balanceKey } from '../../../stores/connection/native-balance.js';
import { $activeNetworkIds } from '../../../stores/network/networks.js';
import { nativeBalanceStore } from '../../../stores/connection/balance-reads.js';
import { $onrampOffers, setOnrampApiDeps } from '../../../stores/onramp/onramp.js';
import { $router } from '../../../stores/ui/router.js';
import { networks } from '../../../wire/networks.js';
import { ADDRESS, axeViolations, connectAccount, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** The active network's balance as if the chain had answered it (cached: the view reads no other figure from the offline RPC). */
function setBalance(caipNetworkId: string, value: string): void {
  nativeBalanceStore('eip155').mutate(value);
  $nativeBalances.setKey(balanceKey(caipNetworkId, ADDRESS), { status: 'ready', value, symbol: 'ETH' });
}

async function openAccount(el: W3Modal): Promise<HTMLElement> {
  await el.modal.open({ view: 'Account' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
}

const actions = (view: HTMLElement) => deepAll<HTMLElement>(view, '[data-fund-action]').map((b) => b.dataset['fundAction']);
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('Account view: a new, empty wallet', () => {
  beforeEach(() => {
    resetAll();
    setOnrampApiDeps({ attempts: 1, timeoutMs: 1000 });
  });
  afterEach(() => {
    resetAll();
    setOnrampApiDeps({});
  });

  it("shows 'Fund your wallet' with Buy and Receive where the on-ramp sells (Ethereum), by keyboard, then the balance once funded", async () => {
    const el = await mountModal({ features: { onramp: true } });
    connectAccount();
    $activeNetworkIds.setKey('eip155', networks.mainnet.caipNetworkId);
    setBalance(networks.mainnet.caipNetworkId, '0.0');
    const view = await openAccount(el);
    const fund = await waitFor(() => deep<HTMLElement>(view, '[data-fund]'), 3000, 'fund block');
    expect(text(deep(view, '[data-fund] h2'))).to.equal('Fund your wallet');
    expect(deep(view, '[data-balance]')).to.equal(null);
    expect(text(view.shadowRoot!.querySelector('.profile'))).not.to.contain('0.000 ETH');
    // Buy once the on-ramp's options (here the built-in samples) say Meld and Coinbase sell on Ethereum.
    await waitFor(() => actions(view).join() === 'buy,receive', 4000, 'Buy and Receive');
    expect(deepAll(view, '.feature')).to.have.length(0);
    expect(await axeViolations()).to.deep.equal([]);

    // Keyboard: the Buy button takes the focus and Enter opens the on-ramp.
    const buy = deep<HTMLElement>(fund, '[data-fund-action="buy"]')!;
    buy.focus();
    expect(deep<HTMLButtonElement>(buy, 'button')).to.equal(buy.shadowRoot!.activeElement);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $router.get().view === 'OnRampProviders', 2000, 'OnRampProviders');

    // Funded: the usual balance and features are back.
    await el.modal.open({ view: 'Account' });
    const again = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
    setBalance(networks.mainnet.caipNetworkId, '0.5');
    await waitFor(() => deep(again, '[data-balance]'), 2000, 'balance');
    expect(text(deep(again, '[data-balance]'))).to.equal('0.500 ETH');
    expect(deep(again, '[data-fund]')).to.equal(null);
  });

  it('offers only Receive where the on-ramp sells nothing (a local chain, no sandbox: no Blockchain API)', async () => {
    const el = await mountModal({ features: { onramp: true } });
    connectAccount();
    setBalance('eip155:31337', '0');
    const view = await openAccount(el);
    await waitFor(() => deep(view, '[data-fund]'), 3000, 'fund block');
    // Once the on-ramp's options are known (the samples: Meld and Coinbase sell no test money), Buy does not show.
    await waitFor(() => $onrampOffers.get() !== undefined, 4000, 'on-ramp offers known');
    await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect($onrampOffers.get()!.every((o) => o.currencies.length === 0)).to.equal(true);
    expect(actions(view)).to.deep.equal(['receive']);
    deep<HTMLElement>(view, '[data-fund-action="receive"]')!.click();
    await waitFor(() => $router.get().view === 'WalletReceive', 2000, 'WalletReceive');
  });

  it('a non-zero balance, or a balance still being read, shows as usual', async () => {
    const el = await mountModal();
    connectAccount();
    const view = await openAccount(el);
    expect(text(deep(view, '[data-balance]'))).to.equal('1.234 ETH');
    expect(deep(view, '[data-fund]')).to.equal(null);
    $nativeBalances.setKey(balanceKey('eip155:31337', ADDRESS), { status: 'loading', value: undefined, symbol: 'ETH' });
    await waitFor(() => deep(view, '[data-balance="loading"]'), 2000, 'loading');
    expect(deep(view, '[data-fund]')).to.equal(null);
  });
});
