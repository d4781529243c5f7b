import { expect } from 'chai';
import { sendMouse, setViewport } from '@web/test-runner-commands';
import { $activity } from '../../../stores/portfolio/activity.js';
import { $balances } from '../../../stores/portfolio/balances.js';
import { $nfts } from '../../../stores/portfolio/nfts.js';
import { ACCOUNT, CHAIN, token, transaction } from '../../../test-utils/blockchain-fixtures.js';
import { showActivity, showBalances, showNfts } from '../../../test-utils/blockchain-reset.js';
import { connectAccount, deep, deepAll, dialogOf, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';
import type { Nft } from '../../../wire/blockchain-api.js';

/** Nothing listens there: every Blockchain API request fails at once; the tests fill the stores. */
const DOWN = { blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' };
const KEY = `${CHAIN}|${ACCOUNT.toLowerCase()}`;
/** Lets the height animation and view transition (150 ms) finish. */
const settle = () => sleep(300);

const TOKENS = Array.from({ length: 12 }, (_, i) =>
  token({
    name: `Token ${i + 1}`,
    symbol: `T${i + 1}`,
    value: 1000 - i * 10,
    price: 1,
    quantity: { decimals: '18', numeric: String(1000 - i * 10) },
  }),
);
const NFT_ITEMS: Nft[] = Array.from({ length: 12 }, (_, i) => ({
  contract: '0x00000000000000000000000000000000000000cc',
  tokenId: String(i + 1),
  name: `Demo #${i + 1}`,
  imageUrl: 'https://icons.example/1.png',
  collection: 'Demo',
  spam: false,
}));

async function openAccount(el: W3Modal): Promise<HTMLElement> {
  connectAccount();
  await el.modal.open({ view: 'Account' });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
  await waitFor(() => $balances.get().status === 'error', 5000, 'first fetch settled');
  showBalances({ status: 'ready', key: KEY, tokens: TOKENS });
  await waitFor(() => deepAll(view, 'li[data-symbol]').length === TOKENS.length, 2000, 'token rows');
  return view;
}

const tab = (view: HTMLElement, name: string) =>
  deepAll<HTMLButtonElement>(view, 'w3-ui-tabs', '[role="tab"]').find((t) => t.textContent!.trim() === name)!;
const panel = (view: HTMLElement) => deep<HTMLElement>(view, '[role="tabpanel"]')!;

/** The rows wholly inside the panel's visible box, and whether any row is cut by its bottom or top edge. */
function visibleRows(view: HTMLElement, rows: HTMLElement[]) {
  const box = panel(view).getBoundingClientRect();
  const whole = rows.filter((r) => {
    const b = r.getBoundingClientRect();
    return b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5;
  });
  const cut = rows.some((r) => {
    const b = r.getBoundingClientRect();
    return (b.top < box.bottom - 0.5 && b.bottom > box.bottom + 0.5) || (b.top < box.top - 0.5 && b.bottom > box.top + 0.5);
  });
  return { whole: whole.length, cut };
}

describe('Account view: lists show whole rows', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 800, height: 600 });
  });

  for (const [width, height, least] of [
    [1280, 800, 4],
    [375, 667, 3],
  ] as const) {
    it(`at ${width} × ${height}: at least ${least} whole rows of tokens, NFTs and activity, none cut mid-row, the dialog inside the viewport`, async () => {
      await setViewport({ width, height });
      const el = await mountModal(DOWN);
      const view = await openAccount(el);
      await settle();
      const tokens = visibleRows(view, deepAll(view, 'li[data-symbol]'));

      tab(view, 'NFTs').click();
      await waitFor(() => $nfts.get().status === 'error', 5000, 'nfts fetch settled');
      showNfts({ items: NFT_ITEMS });
      await waitFor(() => deepAll(view, 'li[data-token-id]').length === NFT_ITEMS.length, 2000, 'nft rows');
      await settle();
      const nfts = visibleRows(view, deepAll(view, 'li[data-token-id]'));

      tab(view, 'Activity').click();
      await waitFor(() => $activity.get().status === 'error', 5000, 'activity fetch settled');
      showActivity({ transactions: Array.from({ length: 12 }, (_, i) => transaction(String(i + 1))), next: null, loadingMore: false });
      await waitFor(() => deepAll(view, 'li[data-hash]').length === 12, 2000, 'activity rows');
      await settle();
      const activity = visibleRows(view, deepAll(view, 'li[data-hash]'));
      const dialog = dialogOf(el)!.getBoundingClientRect();
      // Only the panel scrolls: the sheet's body fits.
      const body = deep<HTMLElement>(el, '.body')!;
      expect(body.scrollHeight).to.be.at.most(body.clientHeight + 1);
      expect({ tokens, nfts, activity }).to.deep.equal({
        tokens: { whole: tokens.whole, cut: false },
        nfts: { whole: nfts.whole, cut: false },
        activity: { whole: activity.whole, cut: false },
      });
      for (const n of [tokens.whole, nfts.whole, activity.whole]) expect(n).to.be.at.least(least);
      expect(dialog.bottom).to.be.at.most(height + 0.5);
      expect(dialog.top).to.be.at.least(-0.5);
    });
  }

  it('holds the token order while the pointer is over the list: a small send moves no row under it', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await mountModal(DOWN);
    const view = await openAccount(el);
    await settle();
    const symbols = () => deepAll(view, 'li[data-symbol]').map((r) => r.dataset['symbol']);
    const first = deepAll(view, 'li[data-symbol]')[0]!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(first.left + 20), Math.round(first.top + first.height / 2)] });
    // T1 falls below T2 after a send of 11 (the store sorts by value).
    const sent = TOKENS.map((t, i) => (i === 0 ? { ...t, value: 989, quantity: { ...t.quantity, numeric: '989' } } : t));
    showBalances({ status: 'ready', key: KEY, tokens: [...sent].sort((a, b) => b.value - a.value) });
    await waitFor(() => deep(view, 'li[data-symbol="T1"] .amount')?.textContent === '989.000', 2000, 'new amount');
    expect(symbols().slice(0, 3)).to.deep.equal(['T1', 'T2', 'T3']);
    await sendMouse({ type: 'move', position: [2, 2] });
    await waitFor(() => symbols()[0] === 'T2', 2000, 'order by value once the pointer leaves');
    expect(symbols().slice(0, 3)).to.deep.equal(['T2', 'T1', 'T3']);
  });
});
