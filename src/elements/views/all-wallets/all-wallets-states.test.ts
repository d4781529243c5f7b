/** All Wallets while loading, searching and empty, and one icon per installed wallet (issue 12, item 16). */
import { expect } from 'chai';
import { $connectors } from '../../../stores/connection/connectors.js';
import { $allWallets } from '../../../stores/registry/all-wallets.js';
import { apiOptions, axeViolations, deep, deepText, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

const ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"%3E%3Crect width="4" height="4" fill="red"/%3E%3C/svg%3E';
const testWallet = {
  id: 'dev.w3kit.testwallet',
  type: 'ANNOUNCED' as const,
  name: 'w3kit Test Wallet',
  chain: 'eip155' as const,
  rdns: 'dev.w3kit.testwallet',
  imageUrl: ICON,
};

/** Holds back the real backend's replies whose URL matches, until `release()`. */
function holdRequests(match: (url: string) => boolean): { release(): void; stop(): void } {
  const original = window.fetch;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (match(url)) await gate;
    return original(input, init);
  };
  return { release, stop: () => ((window.fetch = original), release()) };
}

async function openAllWallets(el: W3Modal): Promise<HTMLElement> {
  await el.modal.open({ view: 'AllWallets' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-all-wallets-view'), 3000, 'all wallets view');
}

const q = (view: HTMLElement, selector: string) => Array.from(view.shadowRoot!.querySelectorAll<HTMLElement>(selector));
const grid = (view: HTMLElement) => view.shadowRoot!.querySelector<HTMLElement>('.grid');

function type(view: HTMLElement, value: string): void {
  const input = deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

describe('All Wallets: skeletons, empty state, one icon', () => {
  let held: ReturnType<typeof holdRequests> | undefined;
  beforeEach(() => resetAll());
  afterEach(() => {
    held?.stop();
    held = undefined;
    resetAll();
  });

  it('shows skeleton tiles in a busy grid while the first page loads, then the wallets', async () => {
    held = holdRequests((u) => u.includes('/getWallets') && u.includes('entries=40'));
    const el = await mountModal(apiOptions());
    const view = await openAllWallets(el);
    await waitFor(() => q(view, '.skeleton').length > 0, 3000, 'skeletons');
    expect(grid(view)!.getAttribute('aria-busy')).to.equal('true');
    expect(q(view, 'button.tile')).to.have.length(0);
    expect(await axeViolations()).to.deep.equal([]);
    held.release();
    await waitFor(() => q(view, 'button.tile').length > 10, 5000, 'tiles');
    await waitFor(() => grid(view)!.getAttribute('aria-busy') === 'false', 3000, 'not busy');
    expect(q(view, '.skeleton')).to.have.length(0);
  });

  it("the first page's tiles show before its images load (they are not waited for, up to 2 s)", async () => {
    // Images that never load: a page held for its images would show after the 2 s cap only.
    const RealImage = window.Image;
    window.Image = class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      src = '';
    } as unknown as typeof Image;
    try {
      const el = await mountModal(apiOptions());
      const started = performance.now();
      const view = await openAllWallets(el);
      await waitFor(() => q(view, '.tile[data-wallet-id="zerion"]').length > 0, 1500, 'a first-page wallet, its image not loaded');
      expect(performance.now() - started).to.be.below(1500);
    } finally {
      window.Image = RealImage;
    }
  });

  it('shows skeleton tiles at the end of the grid while the next page loads', async () => {
    const el = await mountModal(apiOptions());
    const view = await openAllWallets(el);
    await waitFor(() => $allWallets.get().pages.length === 1 && q(view, 'button.tile').length > 10, 5000, 'page 1');
    held = holdRequests((u) => u.includes('/getWallets') && u.includes('page=2'));
    const scroller = grid(view)!;
    const skeletons = await waitFor(
      () => {
        scroller.scrollTop = scroller.scrollHeight;
        const found = q(view, '.skeleton');
        return found.length > 0 ? found : undefined;
      },
      5000,
      'next-page skeletons',
    );
    expect(skeletons.length).to.equal(8);
    expect(scroller.getAttribute('aria-busy')).to.equal('true');
    held.release();
    await waitFor(() => $allWallets.get().pages.includes(2), 5000, 'page 2');
    await waitFor(() => q(view, '.skeleton').length === 0, 3000, 'skeletons gone');
  });

  it('a first search shows skeleton tiles, not a blank grid with "Searching..."', async () => {
    const el = await mountModal(apiOptions());
    const view = await openAllWallets(el);
    await waitFor(() => q(view, 'button.tile').length > 0, 5000, 'tiles');
    type(view, 'meta');
    await sleep(50);
    expect(q(view, '.skeleton').length).to.be.greaterThan(0);
    expect(grid(view)!.getAttribute('aria-busy')).to.equal('true');
    // the status is for screen readers only while the skeleton shows
    const status = view.shadowRoot!.querySelector<HTMLElement>('[role="status"]')!;
    expect(status.querySelector('.sr-only')?.textContent).to.equal('Searching…');
    await waitFor(() => q(view, 'button.tile').some((t) => t.dataset['walletId'] === 'metamask'), 5000, 'results');
  });

  it('no result: one message, and the view keeps its height', async () => {
    const el = await mountModal(apiOptions());
    const view = await openAllWallets(el);
    await waitFor(() => q(view, 'button.tile').length > 10, 5000, 'tiles');
    const before = view.offsetHeight;
    type(view, 'zzzz-no-such-wallet');
    await waitFor(() => deepText(view).includes('No wallet found'), 5000, 'No wallet found');
    expect(deepText(view)).not.to.contain('0 wallets');
    expect(deepText(view).match(/No wallet found/g)).to.have.length(1);
    // layout height (offsetHeight): the open animation's transform does not count
    expect(view.offsetHeight).to.equal(before);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('an installed wallet that is in the registry shows its announced icon in the grid and in search', async () => {
    const el = await mountModal(apiOptions());
    $connectors.set([testWallet]);
    const view = await openAllWallets(el);
    const imageOf = (tile: HTMLElement) => (tile.querySelector('w3-ui-wallet-image') as HTMLElement & { imageSrc?: string }).imageSrc;
    const installed = await waitFor(() => q(view, 'button.tile')[0], 5000, 'installed tile');
    expect(imageOf(installed)).to.equal(ICON);
    type(view, 'w3kit Test');
    const found = await waitFor(
      () => q(view, 'button.tile').find((t) => t.dataset['walletId'] === 'w3kit-test-wallet'),
      5000,
      'search result',
    );
    expect(found.textContent).to.contain('Installed');
    expect(imageOf(found)).to.equal(ICON);
  });

  it('an installed wallet that announced no icon shows its registry icon, in the grid and in search alike', async () => {
    const el = await mountModal({ ...apiOptions(), featuredWalletIds: ['w3kit-test-wallet'] });
    $connectors.set([{ ...testWallet, imageUrl: undefined }]);
    const view = await openAllWallets(el);
    const imageOf = (tile: HTMLElement) => (tile.querySelector('w3-ui-wallet-image') as HTMLElement & { imageSrc?: string }).imageSrc;
    const installed = await waitFor(
      () => q(view, 'button.tile').find((t) => t.dataset['walletId'] === 'c:dev.w3kit.testwallet' && imageOf(t)),
      5000,
      'installed tile with an icon',
    );
    expect(imageOf(installed)).to.contain('/getWalletImage/w3kit-test-wallet');
    type(view, 'w3kit Test');
    const found = await waitFor(
      () => q(view, 'button.tile').find((t) => t.dataset['walletId'] === 'w3kit-test-wallet'),
      5000,
      'search result',
    );
    expect(imageOf(found)).to.equal(imageOf(installed));
  });
});
