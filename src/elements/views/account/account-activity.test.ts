import { expect } from 'chai';
import { $activity, type ActivityState } from '../../../stores/portfolio/activity.js';
import { patchAccount } from '../../../stores/connection/account.js';
import { $activeNetworkIds } from '../../../stores/network/networks.js';
import { ACCOUNT, transaction } from '../../../test-utils/blockchain-fixtures.js';
import { historyReplySchema, type Transaction } from '../../../wire/blockchain-api.js';
import { showActivity } from '../../../test-utils/blockchain-reset.js';
import { axeViolations, connectAccount, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** Nothing listens there: every Blockchain API request fails at once. */
const DOWN = { blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' };
/** A key no account has: the view renders the list but never pages it by itself. */
const KEY = 'test|list';

async function openActivity(el: W3Modal, chain: 'eip155:31337' | 'eip155:1'): Promise<HTMLElement> {
  connectAccount();
  if (chain === 'eip155:1') {
    $activeNetworkIds.set({ eip155: chain });
    patchAccount('eip155', { caipAddress: `${chain}:${ACCOUNT}` });
  }
  await el.modal.open({ view: 'Account' });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
  const tab = await waitFor(
    () => deepAll<HTMLButtonElement>(view, 'w3-ui-tabs', '[role="tab"]').find((t) => t.textContent!.trim() === 'Activity'),
    3000,
    'Activity tab',
  );
  tab.click();
  await waitFor(() => $activity.get().status === 'error', 5000, 'activity fetch settled');
  return view;
}

const list = (transactions: Transaction[], patch: Partial<ActivityState> = {}): ActivityState => ({
  status: 'ready',
  key: KEY,
  transactions,
  next: null,
  loadingMore: false,
  ...patch,
});

const executed = (id: string): Transaction => {
  const tx = transaction(id);
  return {
    ...tx,
    metadata: { ...tx.metadata, operationType: 'execute', sentTo: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
    transfers: [],
  };
};

const minted = (id: string): Transaction => {
  const tx = transaction(id, { spam: false, direction: 'in' });
  return {
    ...tx,
    metadata: { ...tx.metadata, operationType: 'mint' },
    transfers: tx.transfers.map((t) => ({ ...t, nft_info: { ...t.nft_info!, name: 'Demo NFT #3' } })),
  };
};

const big = (id: string): Transaction => {
  const tx = transaction(id);
  return { ...tx, transfers: tx.transfers.map((t) => ({ ...t, quantity: { numeric: '1000000.5' } })) };
};

/** A swap as the Blockchain API gives it: one `trade` entry with both legs (1 ETH out, 2,976 DUSD in). */
const swapped = (id: string): Transaction => {
  const tx = transaction(id);
  const eth = tx.transfers[0]!;
  const dusd = { name: 'Demo USD', symbol: 'DUSD', icon: { url: 'https://icons.example/dusd.png' } };
  return {
    ...tx,
    metadata: { ...tx.metadata, operationType: 'trade' },
    transfers: [
      { ...eth, direction: 'out', quantity: { numeric: '1' } },
      { fungible_info: dusd, direction: 'in', quantity: { numeric: '2976' }, value: 2976, price: 1 },
    ],
  };
};

/** An on-ramp purchase: a `buy` of ETH coming in. */
const bought = (id: string): Transaction => {
  const tx = transaction(id, { direction: 'in' });
  return { ...tx, metadata: { ...tx.metadata, operationType: 'buy' } };
};

describe('Account view: Activity rows', () => {
  beforeEach(() => {
    resetAll();
  });
  afterEach(() => {
    resetAll();
  });

  it('a row on a network with an explorer is a link to the transaction, in a new tab', async () => {
    const el = await mountModal(DOWN);
    const view = await openActivity(el, 'eip155:1');
    const tx = transaction('7', { chain: 'eip155:1' });
    showActivity(list([tx]));
    const link = await waitFor(() => deep<HTMLAnchorElement>(view, 'li[data-hash] a'), 2000, 'row link');
    expect(link.getAttribute('href')).to.equal(`https://etherscan.io/tx/${tx.metadata.hash}`);
    expect(link.getAttribute('target')).to.equal('_blank');
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(link.title).to.equal('View on Etherscan');
    expect(deepText(link)).to.contain('Sent');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('without an explorer a row is a button that copies the hash', async () => {
    const el = await mountModal(DOWN);
    const view = await openActivity(el, 'eip155:31337');
    showActivity(list([transaction('8')]));
    const button = await waitFor(() => deep<HTMLButtonElement>(view, 'li[data-hash] button.open'), 2000, 'row button');
    expect(deep(view, 'li[data-hash] a')).to.equal(null);
    expect(button.title).to.equal('Copy transaction hash');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('groups amounts, counts NFTs without decimals and gives Executed rows the contract', async () => {
    const el = await mountModal(DOWN);
    const view = await openActivity(el, 'eip155:31337');
    showActivity(list([big('1'), minted('2'), executed('3')]));
    const rows = await waitFor(
      () => (deepAll(view, 'li[data-hash]').length === 3 ? deepAll(view, 'li[data-hash]') : undefined),
      2000,
      'rows',
    );
    expect(deepText(rows[0]!)).to.contain('-1,000,000.500 ETH');
    expect(deepText(rows[1]!)).to.contain('Minted');
    expect(deepText(rows[1]!)).to.contain('+1 Demo NFT #3');
    expect(deepText(rows[1]!)).to.not.contain('1.000');
    expect(deepText(rows[2]!)).to.match(/^Executed .* Contract 0x5F…180aa3$/);
  });

  it('loading the next page shows its spinner in a reserved slot: the rows do not move', async () => {
    const el = await mountModal(DOWN);
    const view = await openActivity(el, 'eip155:31337');
    const rows = Array.from({ length: 3 }, (_, i) => transaction(String(i + 1)));
    showActivity(list(rows, { next: 'cursor-2' }));
    const slot = await waitFor(() => deep<HTMLElement>(view, '[data-more]'), 2000, 'loader slot');
    const last = deepAll(view, 'li[data-hash]').at(-1)!;
    const before = { slot: slot.getBoundingClientRect().height, top: last.getBoundingClientRect().top };
    expect(deep(slot, 'w3-ui-spinner')).to.equal(null);
    showActivity(list(rows, { next: 'cursor-2', loadingMore: true }));
    await waitFor(() => deep(view, '[data-more] w3-ui-spinner'), 2000, 'spinner in the slot');
    expect(deep<HTMLElement>(view, '[data-more]')!.getBoundingClientRect().height).to.equal(before.slot);
    expect(deepAll(view, 'li[data-hash]').at(-1)!.getBoundingClientRect().top).to.equal(before.top);
    expect(deepAll(view, 'w3-ui-spinner').length).to.equal(1);
    showActivity(list(rows));
    await waitFor(() => !deep(view, '[data-more]'), 2000, 'no slot at the end of the list');
  });

  it("a swap is one row with both legs ('Swapped 1 ETH for 2,976 DUSD'); an on-ramp purchase is 'Bought'", async () => {
    const el = await mountModal(DOWN);
    const view = await openActivity(el, 'eip155:31337');
    // As the wire reads them: `trade` and `buy` kept, a kind this client does not know read as `execute`.
    const reply = historyReplySchema.parse({ data: [swapped('1'), bought('2')], next: null });
    const unknown = historyReplySchema.parse({
      data: [{ ...executed('3'), metadata: { ...executed('3').metadata, operationType: 'approve' } }],
      next: null,
    });
    expect(unknown.data[0]!.metadata.operationType).to.equal('execute');
    showActivity(list(reply.data));
    const rows = await waitFor(
      () => (deepAll(view, 'li[data-hash]').length === 2 ? deepAll(view, 'li[data-hash]') : undefined),
      2000,
      'rows',
    );
    expect(deep(rows[0]!, '[data-title]')!.textContent).to.equal('Swapped 1 ETH for 2,976 DUSD');
    expect(rows[0]!.dataset['direction']).to.equal('in');
    expect(deepText(rows[0]!)).to.contain('+2,976.000 DUSD');
    expect(deep(rows[1]!, '[data-title]')!.textContent).to.equal('Bought');
    expect(deepText(rows[1]!)).to.contain('+1.234 ETH');
    expect(await axeViolations()).to.deep.equal([]);
  });
});
