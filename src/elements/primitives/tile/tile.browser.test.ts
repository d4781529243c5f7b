import { expect } from 'chai';
import { $connectedWallet } from '../../../stores/connection/connectors.js';
import { $activity } from '../../../stores/portfolio/activity.js';
import { $balances } from '../../../stores/portfolio/balances.js';
import { ACCOUNT, BALANCES, CHAIN, transaction } from '../../../test-utils/blockchain-fixtures.js';
import { showActivity, showBalances } from '../../../test-utils/blockchain-reset.js';
import { usableTokens } from '../../../stores/portfolio/balances.js';
import { apiOptions, connectAccount, deep, deepAll, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';

/** Nothing listens there: every Blockchain API request fails at once; the tests fill the stores. */
const DOWN = { blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' };
const KEY = `${CHAIN}|${ACCOUNT.toLowerCase()}`;

/** What makes a tile: its box, corner, background and inner padding. */
function tileOf(el: Element) {
  const s = getComputedStyle(el);
  // The layout size (computed), not the box on screen: the dialog may still be scaling in as it opens.
  return {
    size: `${Math.round(parseFloat(s.width))}×${Math.round(parseFloat(s.height))}`,
    radius: s.borderTopLeftRadius,
    background: s.backgroundColor,
    padding: s.padding,
  };
}

/** The drawn extent (px, the larger side) of an SVG data URL's content shown by `img` (its viewBox scaled to the image's box). */
async function glyphExtent(img: HTMLImageElement): Promise<number> {
  const text = decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1));
  const host = document.createElement('div');
  host.innerHTML = text;
  document.body.append(host);
  const svg = host.querySelector('svg')!;
  const box = svg.getBBox();
  const view = svg.viewBox.baseVal;
  host.remove();
  const shown = img.getBoundingClientRect();
  return Math.max((box.width / view.width) * shown.width, (box.height / view.height) * shown.height);
}

describe('Row icons sit in one tile', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it('wallet, network, token, activity and social rows: one tile size, radius, background and padding', async () => {
    const el = await mountModal(DOWN);
    connectAccount();
    $connectedWallet.set({ name: 'Email', type: 'AUTH' });
    await el.modal.open({ view: 'Account' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
    await waitFor(() => $balances.get().status === 'error', 5000, 'first fetch settled');
    showBalances({ status: 'ready', key: KEY, tokens: usableTokens(BALANCES, CHAIN) });
    const token = await waitFor(() => deep(view, 'li[data-symbol] .tile'), 2000, 'token tile');
    const wallet = deep(view, 'w3-ui-wallet-image')!;
    const network = deep(view, 'w3-ui-network-icon')!;
    const tiles = { wallet: tileOf(wallet), network: tileOf(network), token: tileOf(token) };

    deepAll<HTMLButtonElement>(view, 'w3-ui-tabs', '[role="tab"]')
      .find((t) => t.textContent!.trim() === 'Activity')!
      .click();
    await waitFor(() => $activity.get().status === 'error', 5000, 'activity fetch settled');
    const tx = transaction('1');
    showActivity({
      transactions: [{ ...tx, transfers: tx.transfers.map((t) => ({ ...t, fungible_info: undefined })) }],
      next: null,
      loadingMore: false,
    });
    const activity = await waitFor(() => deep(view, 'li[data-hash] .tile'), 2000, 'activity tile');
    $connectedWallet.set({ name: 'Google', type: 'AUTH', social: 'google' });
    const social = await waitFor(() => deep(view, '[data-wallet-social]'), 2000, 'social tile');
    const all = { ...tiles, activity: tileOf(activity), social: tileOf(social) };
    for (const [name, tile] of Object.entries(all)) expect(tile, name).to.deep.equal(all.wallet);
    expect(all.wallet.size).to.equal('36×36');
    expect(all.wallet.radius).to.equal('28%');
    expect(all.wallet.background).to.not.equal('rgba(0, 0, 0, 0)');
  });

  it("a network's @web3icons mark spans the tile as the monogram's hexagon does", async () => {
    const el = await mountModal();
    await el.modal.open({ view: 'Networks' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-networks-view'), 3000, 'networks view');
    const mark = await waitFor(
      () =>
        deepAll(view, 'w3-ui-network-icon')
          .map((icon) => icon.shadowRoot!.querySelector('img'))
          .find((i) => i?.src.startsWith('data:image/svg+xml')),
      3000,
      'a bundled mark',
    );
    await sleep(100);
    const hexagon = deep<SVGPathElement>(view, 'w3-ui-network-icon', 'svg path')!;
    const tile = (hexagon.getRootNode() as ShadowRoot).host.getBoundingClientRect();
    const monogram = Math.max(hexagon.getBoundingClientRect().width, hexagon.getBoundingClientRect().height);
    const glyph = await glyphExtent(mark);
    // Within 2.5 px (the glyphs' own extents differ a little inside @web3icons' 18-unit live area);
    // drawn at the image's size, Ethereum's glyph was 4 px smaller than the hexagon.
    expect(Math.abs(glyph - monogram), `mark ${glyph} px, monogram ${monogram} px`).to.be.below(2.5);
    expect(monogram / tile.width).to.be.within(0.75, 0.85);
    // The tile clips the enlarged image: nothing drawn outside it.
    expect(getComputedStyle((mark.getRootNode() as ShadowRoot).host).overflow).to.equal('hidden');
  });

  it("the Connect view's WalletConnect row: its mark in the same tile size and corner as the wallet images", async () => {
    const api = new URL((window as unknown as { __W3_API_URL__: string }).__W3_API_URL__);
    const el = await mountModal({ ...apiOptions(), relayUrl: `ws://127.0.0.1:${Number(api.port) + 1}` });
    await el.modal.open({ view: 'Connect' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connect-view'), 3000, 'connect view');
    const wc = await waitFor(() => deep(view, '.wc-logo svg'), 3000, 'WalletConnect mark');
    const wallet = await waitFor(() => deep(view, 'w3-ui-wallet-image'), 8000, 'a wallet image');
    // The layout size (computed), not the box on screen: the dialog may still be scaling in as it opens.
    const size = (e: Element) => {
      const { width, height } = getComputedStyle(e);
      return `${Math.round(parseFloat(width))}×${Math.round(parseFloat(height))}`;
    };
    expect(size(wc)).to.equal(size(wallet));
    expect(size(wc)).to.equal('36×36');
    expect(Number(wc.querySelector('rect')!.getAttribute('rx')) / 40).to.be.closeTo(0.28, 0.001);
  });
});
