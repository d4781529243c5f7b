import { expect } from 'chai';
import { usableTokens } from '../../../stores/portfolio/balances.js';
import { $activity } from '../../../stores/portfolio/activity.js';
import { $balances } from '../../../stores/portfolio/balances.js';
import { $nfts } from '../../../stores/portfolio/nfts.js';
import { $router } from '../../../stores/ui/router.js';
import { $activeNetworkIds } from '../../../stores/network/networks.js';
import { $toast } from '../../../stores/ui/toast.js';
import { ACCOUNT, BALANCES, CHAIN, NFTS, transaction } from '../../../test-utils/blockchain-fixtures.js';
import { showBalances, showNfts, showActivity } from '../../../test-utils/blockchain-reset.js';
import { axeViolations, connectAccount, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';
import { offlineLocal } from '../../../test-utils/networks.js';

/** Nothing listens there: every Blockchain API request fails at once (after its retries). */
const DOWN = { blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' };
const KEY = `${CHAIN}|${ACCOUNT.toLowerCase()}`;

async function openAccount(el: W3Modal): Promise<HTMLElement> {
  connectAccount();
  await el.modal.open({ view: 'Account' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
}

const tab = (view: HTMLElement, name: string) =>
  deepAll<HTMLButtonElement>(view, 'w3-ui-tabs', '[role="tab"]').find((t) => t.textContent!.trim() === name)!;
const panel = (view: HTMLElement) => deep<HTMLElement>(view, '[role="tabpanel"]')!;

describe('Account view', () => {
  beforeEach(() => {
    resetAll();
  });
  afterEach(() => {
    resetAll();
  });

  it('without a Blockchain API: profile, balance with 3 decimals, Receive and Send, no tabs', async () => {
    const el = await mountModal();
    const view = await openAccount(el);
    const text = deepText(view);
    expect(text).to.contain('0xf3…b92266');
    expect(deep(view, '[data-balance]')!.textContent!.trim()).to.equal('1.234 ETH');
    expect(deep(view, 'w3-ui-tabs')).to.equal(null);
    const features = deepAll<HTMLButtonElement>(view, '.feature').map((b) => b.textContent!.trim());
    expect(features).to.deep.equal(['Receive', 'Send']);
    expect(text).to.contain('Disconnect');
    expect(await axeViolations()).to.deep.equal([]);
    deepAll<HTMLButtonElement>(view, '.feature')[0]!.click();
    await waitFor(() => $router.get().view === 'WalletReceive', 2000, 'WalletReceive');
  });

  it('follows walletFeaturesOrder and hides features set to false', async () => {
    const el = await mountModal({ features: { walletFeaturesOrder: ['send', 'receive', 'swaps', 'onramp'], receive: false, swaps: true } });
    const view = await openAccount(el);
    // Receive is off; Swap shows on the local chain, whose DEX the swap routes serve.
    expect(deepAll<HTMLButtonElement>(view, '.feature').map((b) => b.dataset['feature'])).to.deep.equal(['send', 'swaps']);
  });

  it('shows Swap only on swap networks: not on a chain without a DEX (31338)', async () => {
    const el = await mountModal({ networks: [offlineLocal.localhost, offlineLocal.localhost2], features: { swaps: true } });
    const view = await openAccount(el);
    const shown = () => deepAll<HTMLButtonElement>(view, '.feature').map((b) => b.dataset['feature']);
    expect(shown()).to.deep.equal(['swaps', 'receive', 'send']);
    $activeNetworkIds.set({ eip155: 'eip155:31338' });
    await waitFor(() => !shown().includes('swaps'), 2000, 'Swap hidden on 31338');
    expect(shown()).to.deep.equal(['receive', 'send']);
  });

  it("a failing Blockchain API: 'Token Balance Unavailable' toast and panel, 'Failed to fetch transactions'", async () => {
    const el = await mountModal(DOWN);
    const view = await openAccount(el);
    await waitFor(() => $toast.get().open && $toast.get().message.code === 'TOKEN_BALANCE_UNAVAILABLE', 5000, 'toast');
    expect(deep(el, 'w3-ui-toast')!.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('Token Balance Unavailable');
    await waitFor(() => deepText(panel(view)).includes('Token Balance Unavailable'), 3000, 'tokens panel error');
    tab(view, 'Activity').click();
    await waitFor(() => deepText(panel(view)).includes('Failed to fetch transactions'), 5000, 'activity error');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('shows tokens, NFTs and activity from the stores, with tabs on the keyboard', async () => {
    const el = await mountModal(DOWN);
    const view = await openAccount(el);
    await waitFor(() => $balances.get().status === 'error', 5000, 'first fetch settled');
    showBalances({ status: 'ready', key: KEY, tokens: usableTokens(BALANCES, CHAIN) });
    await waitFor(() => deepAll(view, 'li[data-symbol]').length === 2, 2000, 'token rows');
    const dusd = deep<HTMLElement>(view, 'li[data-symbol="DUSD"]')!;
    expect(deepText(dusd)).to.equal('Demo USD 999.500 DUSD $999.50');
    expect(deep(view, '[data-total]')!.textContent).to.equal('$30,999.50');
    expect(await axeViolations()).to.deep.equal([]);

    // NFTs by keyboard: ArrowRight moves to the next tab and selects it.
    tab(view, 'Tokens').focus();
    tab(view, 'Tokens').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
    await waitFor(() => tab(view, 'NFTs').getAttribute('aria-selected') === 'true', 2000, 'NFTs selected');
    await waitFor(() => $nfts.get().status === 'error', 5000, 'nfts fetch settled');
    showNfts({ items: NFTS.filter((n) => !n.spam) });
    await waitFor(() => deepAll(view, 'li[data-token-id]').length === 1, 2000, 'nft tiles');
    // A row of the lists' height: the name beside its image (the image itself says nothing more).
    expect(deep(view, 'li[data-token-id] .title')!.textContent).to.equal('Demo #1');
    expect(deep<HTMLImageElement>(view, 'li[data-token-id] img')!.alt).to.equal('');

    tab(view, 'Activity').click();
    await waitFor(() => $activity.get().status === 'error', 5000, 'activity fetch settled');
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    showActivity({
      transactions: [transaction('2', { minedAt: minutesAgo(5) }), transaction('1', { minedAt: minutesAgo(60 * 24 * 3), direction: 'in' })],
      next: null,
      loadingMore: false,
    });
    const rows = await waitFor(
      () => (deepAll(view, 'li[data-hash]').length === 2 ? deepAll(view, 'li[data-hash]') : undefined),
      2000,
      'rows',
    );
    expect(deepText(rows[0]!)).to.equal('Sent 5 min -1.234 ETH $3,703.68');
    expect(rows[1]!.dataset['direction']).to.equal('in');
    expect(deepText(rows[1]!)).to.contain('+1.234 ETH');
    const groups = deepAll(view, 'section h3').map((h) => h.textContent);
    expect(groups[0]).to.equal('Today');
    expect(groups).to.have.length(2);
    expect(await axeViolations()).to.deep.equal([]);

    showActivity({ transactions: [], next: null, loadingMore: false });
    await waitFor(() => deepText(panel(view)) === 'No activity yet', 2000, 'empty activity');
  });
});
