/**
 * The Account view in the pseudo-locale (issue 13): every text, aria-label, title and label it
 * renders went through msg() (reads `⟦…⟧`) or is data: names, symbols, amounts, addresses.
 */
import { expect } from 'chai';
import { usableTokens } from '../../../stores/portfolio/balances.js';
import { $activity } from '../../../stores/portfolio/activity.js';
import { selectAccountTab } from '../../../stores/views/account-view.js';
import { $balances } from '../../../stores/portfolio/balances.js';
import { $embeddedUser } from '../../../stores/embedded/state.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { $unknownNetwork } from '../../../stores/network/networks.js';
import { $nfts } from '../../../stores/portfolio/nfts.js';
import { ACCOUNT, BALANCES, CHAIN, NFTS, transaction } from '../../../test-utils/blockchain-fixtures.js';
import { showBalances, showNfts, showActivity } from '../../../test-utils/blockchain-reset.js';
import { connectAccount, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { pseudoCheck } from '../../../../test/browser/pseudo-check-b.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** Nothing listens there: every Blockchain API request fails at once (after its retries). */
const DOWN = { blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' };
const KEY = `${CHAIN}|${ACCOUNT.toLowerCase()}`;
/** Data: the network, symbols, token and NFT names of the fixtures. */
const DATA = ['Localhost', 'ETH', 'DUSD', 'Ether', 'Demo USD', 'Demo #1', 'Demo', 'NFT', 'Google · alice'];
/**
 * Texts made by core/ and stores (relative times, date groups, the stores' error texts) are
 * localized by the codes part of issue 13, not by this view: they are data to this check.
 */
const NOT_THIS_VIEW = ['Today', 'min', 'Token Balance Unavailable', 'Failed to fetch transactions'];

async function openAccount(el: W3Modal): Promise<HTMLElement> {
  connectAccount();
  await el.modal.open({ view: 'Account' });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
  await setLocale('en-XA');
  await waitFor(() => view.shadowRoot!.textContent!.includes('⟦'), 3000, 'pseudo texts');
  return view;
}

/** Waits for `ready`, then expects every text of the view to be pseudo-localized or data. */
async function expectPseudo(view: HTMLElement, ready: () => unknown, what: string): Promise<void> {
  await waitFor(ready, 5000, what);
  await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  const { leaks, localized } = pseudoCheck(view.shadowRoot!, [...DATA, ...NOT_THIS_VIEW]);
  expect(leaks, what).to.deep.equal([]);
  expect(localized, what).to.be.greaterThan(3);
}

describe('Account view in the pseudo-locale', () => {
  beforeEach(() => {
    resetAll();
  });
  afterEach(async () => {
    $embeddedUser.set(undefined);
    await setLocale('en');
    resetAll();
  });

  it('without a Blockchain API: features, network, wallets and Disconnect are localized', async () => {
    const view = await openAccount(await mountModal());
    await expectPseudo(view, () => deepAll(view, '.feature').length === 2, 'features');
    expect(deepAll<HTMLElement>(view, '.feature').map((b) => b.textContent!.trim())).to.deep.equal(['⟦Réçéívé⟧', '⟦Šéñd⟧']);
  });

  it('the embedded wallet: its social identity is data, its rows (Passkeys, Devices, Update e-mail, Export key) are localized', async () => {
    $embeddedUser.set({ email: 'ada@example.com', socialProvider: 'google', userName: 'alice' } as ReturnType<typeof $embeddedUser.get>);
    const view = await openAccount(await mountModal());
    await expectPseudo(view, () => deepAll(view, '[data-embedded]').length === 4, 'embedded rows');
    expect(deepAll<HTMLElement>(view, '[data-embedded]').map((r) => r.textContent!.trim())).to.deep.equal([
      '⟦Pášškéýš⟧',
      '⟦Dévíçéš⟧',
      '⟦Úpdáté é-máíl⟧',
      '⟦Éxpórt kéý⟧',
    ]);
  });

  it('on an unsupported chain: Unknown Network and Balance unavailable are localized', async () => {
    const el = await mountModal();
    $unknownNetwork.set({ namespace: 'eip155', chainId: '31338' });
    const view = await openAccount(el);
    await expectPseudo(view, () => deep(view, 'w3-ui-list-item[data-unsupported]'), 'unknown network');
    expect(deep(view, '[data-balance]')!.textContent!.trim()).to.equal('⟦Báláñçé úñáváíláblé⟧');
  });

  it('tokens (loading, list, failure, not indexed), NFTs and activity are localized', async () => {
    const view = await openAccount(await mountModal(DOWN));
    await waitFor(() => $balances.get().status === 'error', 5000, 'first fetch settled');
    await expectPseudo(view, () => deep(view, '[data-retry]'), 'tokens failure');
    showBalances({ status: 'loading', key: KEY, tokens: [] });
    await expectPseudo(view, () => deep(view, 'w3-ui-spinner'), 'tokens loading');
    showBalances({ status: 'ready', key: KEY, tokens: usableTokens(BALANCES, CHAIN) });
    await expectPseudo(view, () => deepAll(view, 'li[data-symbol]').length === 2, 'token rows');
    showBalances({ status: 'unsupported', key: KEY, tokens: [] });
    await expectPseudo(view, () => deep(view, '[data-not-indexed]'), 'not indexed');
    expect(deep(view, '[data-not-indexed]')!.textContent!.trim()).to.equal('⟦Tókéñ báláñçéš áré ñót áváíláblé óñ Localhost⟧');

    selectAccountTab('nfts');
    await waitFor(() => $nfts.get().status === 'error', 5000, 'nfts fetch settled');
    await expectPseudo(view, () => deep(view, '[role="tabpanel"][data-tab="nfts"] p.empty'), 'nfts failure');
    showNfts({ items: NFTS.filter((n) => !n.spam) });
    await expectPseudo(view, () => deep(view, 'li[data-token-id]'), 'nft tiles');

    selectAccountTab('activity');
    await waitFor(() => $activity.get().status === 'error', 5000, 'activity fetch settled');
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    showActivity({
      transactions: [transaction('2', { minedAt: minutesAgo(5) }), transaction('1', { minedAt: minutesAgo(10), direction: 'in' })],
      next: 'more',
      loadingMore: true,
    });
    await expectPseudo(view, () => deepAll(view, 'li[data-hash]').length === 2, 'activity rows');
    expect(deep(view, 'li[data-hash] .title')!.textContent).to.equal('⟦Šéñt⟧');
    showActivity({ transactions: [], next: null, loadingMore: false });
    await expectPseudo(view, () => deep(view, '[role="tabpanel"][data-tab="activity"] p.empty'), 'no activity');
  });
});
