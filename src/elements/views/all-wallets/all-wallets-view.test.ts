import { expect } from 'chai';
import { $connectors } from '../../../stores/connection/connectors.js';
import { $router } from '../../../stores/ui/router.js';
import { storage } from '../../../stores/app/storage.js';
import { $walletList } from '../../../stores/registry/wallet-list.js';
import { $allWallets } from '../../../stores/registry/all-wallets.js';
import {
  apiOptions,
  axeViolations,
  deep,
  deepAll,
  deepText,
  mountModal,
  resetAll,
  sleep,
  waitFor,
} from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** Records the Provider API requests the page makes (the real backend still answers them). */
function recordRequests(): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const original = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return original(input, init);
  };
  return { urls, stop: () => (window.fetch = original) };
}

const walletPages = (urls: string[]) =>
  urls
    .filter((u) => u.includes('/getWallets') && u.includes('entries=40') && !u.includes('search='))
    .map((u) => Number(new URL(u).searchParams.get('page')));

async function openAllWallets(el: W3Modal): Promise<HTMLElement> {
  await el.modal.open({ view: 'AllWallets' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-all-wallets-view'), 3000, 'all wallets view');
}

const tiles = (view: HTMLElement) => Array.from(view.shadowRoot!.querySelectorAll<HTMLButtonElement>('.tile'));
const testWallet = {
  id: 'dev.w3kit.testwallet',
  type: 'ANNOUNCED' as const,
  name: 'w3kit Test Wallet',
  chain: 'eip155' as const,
  rdns: 'dev.w3kit.testwallet',
};

describe('wallet registry views (real backend, 1,000 wallets)', () => {
  let requests: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    resetAll();
    requests = recordRequests();
  });
  afterEach(() => {
    requests.stop();
    resetAll();
  });

  it('Connect lists a few featured wallets and an All Wallets row with the count', async () => {
    const el = await mountModal(apiOptions());
    await el.modal.open({ view: 'Connect' });
    const view = deep<HTMLElement>(el, 'w3-connect-view')!;
    const rows = await waitFor(
      () => {
        const list = view.shadowRoot!.querySelectorAll('[data-wallet-id]');
        return list.length >= 5 ? list : undefined;
      },
      5000,
      'registry rows',
    );
    // five rows at most (three on a narrow viewport), then All Wallets
    expect(rows.length).to.equal(5);
    const all = deepAll(view, 'ul[aria-label="More wallets"] w3-ui-list-item')[0]!;
    expect(deepText(all)).to.match(/All Wallets \d{3,}\+/);
    // featured (4) and recommended (4): two requests, nothing fetched twice
    expect(requests.urls.filter((u) => u.includes('/getWallets')).length).to.equal(2);
    all.click();
    await waitFor(() => $router.get().view === 'AllWallets', 2000, 'AllWallets');
  });

  it('honours featuredWalletIds and excludeWalletIds', async () => {
    const el = await mountModal({ ...apiOptions(), featuredWalletIds: ['safe', 'ledger', 'metamask'], excludeWalletIds: ['ledger'] });
    await el.modal.open({ view: 'Connect' });
    const view = deep<HTMLElement>(el, 'w3-connect-view')!;
    const ids = await waitFor(
      () => {
        const list = Array.from(view.shadowRoot!.querySelectorAll<HTMLElement>('[data-wallet-id]')).map((r) => r.dataset['walletId']);
        return list.length >= 5 ? list : undefined;
      },
      5000,
      'rows',
    );
    expect(ids.slice(0, 2)).to.deep.equal(['safe', 'metamask']);
    expect(ids).not.to.include('ledger');
  });

  it('without a backend, Connect hints that more wallets need a projectId and apiUrl, and fetches nothing', async () => {
    const el = await mountModal();
    $connectors.set([testWallet]);
    await el.modal.open({ view: 'Connect' });
    const view = deep<HTMLElement>(el, 'w3-connect-view')!;
    await sleep(100);
    expect(deepText(view)).to.contain('More wallets and WalletConnect appear when this app sets a projectId and apiUrl.');
    expect(deepText(view)).not.to.contain('All Wallets');
    expect(requests.urls).to.deep.equal([]);
  });

  it('All Wallets shows the installed wallet first, then a virtualized grid that pages on scroll, each page once', async () => {
    // The test wallet's registry entry is featured, so it is loaded: it must still show once.
    const el = await mountModal({ ...apiOptions(), featuredWalletIds: ['w3kit-test-wallet', 'safe'] });
    $connectors.set([testWallet]);
    const view = await openAllWallets(el);
    await waitFor(() => tiles(view).length > 10, 5000, 'tiles');
    const first = tiles(view)[0]!;
    expect(first.dataset['walletId']).to.equal('c:dev.w3kit.testwallet');
    expect(first.textContent).to.contain('Installed');
    // the registry entry of the installed wallet is not shown a second time; the other featured one follows
    await waitFor(() => $walletList.get().status === 'ready', 5000, 'featured');
    expect($walletList.get().featured.map((w) => w.id)).to.deep.equal(['w3kit-test-wallet', 'safe']);
    expect(tiles(view).filter((t) => t.dataset['walletId'] === 'w3kit-test-wallet')).to.have.length(0);
    expect(tiles(view)[1]!.dataset['walletId']).to.equal('safe');
    // virtualized: far fewer tiles in the DOM than loaded wallets
    const grid = view.shadowRoot!.querySelector<HTMLElement>('.grid')!;
    for (let i = 0; i < 60 && $allWallets.get().pages.length < 3; i++) {
      grid.scrollTop = grid.scrollHeight;
      await sleep(50);
    }
    expect($allWallets.get().pages.slice(0, 3)).to.deep.equal([1, 2, 3]);
    expect(tiles(view).length).to.be.lessThan($allWallets.get().wallets.length);
    const pages = walletPages(requests.urls);
    expect(new Set(pages).size).to.equal(pages.length);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('search shows results no sooner than 300 ms after typing stops, and "No wallet found"', async () => {
    const el = await mountModal(apiOptions());
    const view = await openAllWallets(el);
    await waitFor(() => tiles(view).length > 0, 5000, 'tiles');
    const input = deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!;
    input.value = 'meta';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    const typed = performance.now();
    await sleep(200);
    expect(requests.urls.some((u) => u.includes('search='))).to.equal(false);
    await waitFor(() => tiles(view).some((t) => t.dataset['walletId'] === 'metamask') && tiles(view).length < 100, 5000, 'results');
    expect(performance.now() - typed).to.be.at.least(300);
    expect(tiles(view).every((t) => /meta/i.test(t.title))).to.equal(true);
    input.value = 'zzzz-no-such-wallet';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    // the previous results stay until the new ones arrive (no flicker)
    await sleep(50);
    expect(tiles(view).length).to.be.greaterThan(0);
    await waitFor(() => deepText(view).includes('No wallet found'), 5000, 'No wallet found');
  });

  it('choosing a registry wallet opens ConnectingWalletConnect with its deep links; the choice is stored', async () => {
    const el = await mountModal({ ...apiOptions(), featuredWalletIds: ['metamask'] });
    const view = await openAllWallets(el);
    const tile = await waitFor(() => tiles(view).find((t) => t.dataset['walletId'] === 'metamask'), 5000, 'metamask tile');
    tile.click();
    await waitFor(() => $router.get().view === 'ConnectingWalletConnect', 2000, 'ConnectingWalletConnect');
    const wc = await waitFor(() => deep<HTMLElement>(el, 'w3-connecting-wallet-connect-view'), 3000, 'view');
    await waitFor(() => wc.shadowRoot?.querySelector('a'), 2000, 'links');
    const links = Array.from(wc.shadowRoot!.querySelectorAll<HTMLAnchorElement>('ul[aria-label="Open MetaMask"] a'));
    expect(links.length).to.be.greaterThan(0);
    expect(links.every((a) => a.rel.includes('noopener'))).to.equal(true);
    links[0]!.addEventListener('click', (e) => e.preventDefault());
    links[0]!.click();
    expect(storage.get('deepLinkChoice')).to.deep.equal({ href: links[0]!.href, name: 'MetaMask' });
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('choosing an installed wallet connects through its connector (ConnectingExternal)', async () => {
    const el = await mountModal(apiOptions());
    $connectors.set([testWallet]);
    const view = await openAllWallets(el);
    const tile = await waitFor(() => tiles(view).find((t) => t.dataset['walletId'] === 'c:dev.w3kit.testwallet'), 5000, 'tile');
    tile.click();
    await waitFor(() => $router.get().view === 'ConnectingExternal', 2000, 'ConnectingExternal');
    expect($router.get().data?.connectorId).to.equal('dev.w3kit.testwallet');
  });

  it('a backend that does not answer gives a clear error in Connect, and installed wallets still show', async () => {
    const el = await mountModal({ apiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' });
    $connectors.set([testWallet]);
    await el.modal.open({ view: 'Connect' });
    const view = deep<HTMLElement>(el, 'w3-connect-view')!;
    await waitFor(() => deepText(view).includes('Could not load more wallets'), 8000, 'error');
    expect(deepText(view)).to.contain('w3kit Test Wallet');
    expect(view.shadowRoot!.querySelector('[role="alert"]')).to.not.equal(null);
  });
});
