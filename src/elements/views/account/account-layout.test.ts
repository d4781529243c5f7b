import { expect } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { $activity } from '../../../stores/portfolio/activity.js';
import { $balances, usableTokens } from '../../../stores/portfolio/balances.js';
import { $nfts } from '../../../stores/portfolio/nfts.js';
import { ACCOUNT, BALANCES, CHAIN, NFTS, transaction } from '../../../test-utils/blockchain-fixtures.js';
import { showBalances, showNfts, showActivity } from '../../../test-utils/blockchain-reset.js';
import {
  connectAccount,
  deep,
  deepAll,
  deepText,
  dialogOf,
  mountModal,
  resetAll,
  sleep,
  waitFor,
} from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** Nothing listens there: every Blockchain API request fails at once; the tests fill the stores. */
const DOWN = { blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' };
const KEY = `${CHAIN}|${ACCOUNT.toLowerCase()}`;

async function openAccount(el: W3Modal): Promise<HTMLElement> {
  connectAccount();
  await el.modal.open({ view: 'Account' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
}

const tab = (view: HTMLElement, name: string) =>
  deepAll<HTMLButtonElement>(view, 'w3-ui-tabs', '[role="tab"]').find((t) => t.textContent!.trim() === name)!;

/** The element's ancestors up to the document, across shadow roots (the element itself first). */
function ancestors(el: Element): Element[] {
  const out: Element[] = [];
  let node: Node | null = el;
  while (node) {
    if (node instanceof Element) out.push(node);
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return out;
}

/** Elements from `el` up that scroll vertically now (overflow auto/scroll and more content than room). */
function scrollingAncestors(el: Element): Element[] {
  return ancestors(el).filter((a) => {
    const { overflowY } = getComputedStyle(a);
    return (overflowY === 'auto' || overflowY === 'scroll') && a.scrollHeight > a.clientHeight + 1;
  });
}

/** Lets the height animation and view transition (150 ms) finish. */
const settle = () => sleep(250);

async function fillTokens(view: HTMLElement): Promise<void> {
  await waitFor(() => $balances.get().status === 'error', 5000, 'first fetch settled');
  showBalances({ status: 'ready', key: KEY, tokens: usableTokens(BALANCES, CHAIN) });
  await waitFor(() => deepAll(view, 'li[data-symbol]').length === 2, 2000, 'token rows');
}

describe('Account view layout', () => {
  beforeEach(() => {
    resetAll();
  });
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 800, height: 600 });
  });

  it("labels the portfolio total 'Total balance', apart from the native balance", async () => {
    const el = await mountModal(DOWN);
    const view = await openAccount(el);
    await fillTokens(view);
    expect(deep(view, '[data-balance]')!.textContent!.trim()).to.equal('1.234 ETH');
    const total = deep<HTMLElement>(view, '[data-total]')!;
    expect(total.textContent).to.equal('$30,999.50');
    expect(deepText(total.parentElement!)).to.equal('Total balance $30,999.50');
  });

  it('keeps the dialog height and position on every tab, with the tab panel as the one scroll area', async () => {
    await setViewport({ width: 1280, height: 1000 });
    const el = await mountModal(DOWN);
    const view = await openAccount(el);
    await fillTokens(view);
    await settle();
    const dialog = dialogOf(el)!;
    const measure = () => {
      const r = dialog.getBoundingClientRect();
      return { top: Math.round(r.top), height: Math.round(r.height) };
    };
    const onTokens = measure();

    tab(view, 'NFTs').click();
    await waitFor(() => $nfts.get().status === 'error', 5000, 'nfts fetch settled');
    showNfts({ items: NFTS.filter((n) => !n.spam) });
    await waitFor(() => deepAll(view, 'li[data-token-id]').length === 1, 2000, 'nft tiles');
    await settle();
    const onNfts = measure();

    tab(view, 'Activity').click();
    await waitFor(() => $activity.get().status === 'error', 5000, 'activity fetch settled');
    const transactions = Array.from({ length: 30 }, (_, i) => transaction(String(i + 1)));
    showActivity({ transactions, next: null, loadingMore: false });
    await waitFor(() => deepAll(view, 'li[data-hash]').length === 30, 2000, 'activity rows');
    await settle();
    const onActivity = measure();

    expect(onNfts).to.deep.equal(onTokens);
    expect(onActivity).to.deep.equal(onTokens);
    // Only the panel scrolls; Disconnect stays inside the dialog, above its bottom edge.
    const lastRow = deepAll(view, 'li[data-hash]').at(-1)!;
    const scrolling = scrollingAncestors(lastRow);
    expect(scrolling.map((s) => s.getAttribute('role'))).to.deep.equal(['tabpanel']);
    const disconnect = deepAll(view, 'w3-ui-list-item').at(-1)!;
    expect(disconnect.textContent).to.contain('Disconnect');
    expect(disconnect.getBoundingClientRect().bottom).to.be.at.most(dialog.getBoundingClientRect().bottom);
  });

  it('shrinks the tab panel, not the whole sheet, when the viewport is short', async () => {
    await setViewport({ width: 1280, height: 720 });
    const el = await mountModal(DOWN);
    const view = await openAccount(el);
    await fillTokens(view);
    tab(view, 'Activity').click();
    await waitFor(() => $activity.get().status === 'error', 5000, 'activity fetch settled');
    const transactions = Array.from({ length: 30 }, (_, i) => transaction(String(i + 1)));
    showActivity({ transactions, next: null, loadingMore: false });
    await waitFor(() => deepAll(view, 'li[data-hash]').length === 30, 2000, 'activity rows');
    await settle();
    const panel = deep<HTMLElement>(view, '[role="tabpanel"]')!;
    expect(panel.clientHeight).to.be.below(280);
    expect(scrollingAncestors(deepAll(view, 'li[data-hash]').at(-1)!)).to.deep.equal([panel]);
    const dialog = dialogOf(el)!.getBoundingClientRect();
    expect(dialog.bottom).to.be.at.most(720);
    const disconnect = deepAll(view, 'w3-ui-list-item').at(-1)!.getBoundingClientRect();
    expect(disconnect.bottom).to.be.at.most(dialog.bottom);
  });
});
