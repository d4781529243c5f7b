/**
 * Connect's WalletConnect row and its few rows, WhatIsAWallet's text by feature and its
 * 'Get a wallet' view with store links (issue 12, item 17).
 */
import { expect } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { $connectors, type Connector } from '../../../stores/connection/connectors.js';
import { $router } from '../../../stores/ui/router.js';
import { apiOptions, axeViolations, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';

const wc: Connector = { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' };
const rowsOf = (view: HTMLElement) => deepAll<HTMLElement & { tag?: string }>(view, 'ul[aria-label="Wallets"] w3-ui-list-item');
/** The rows a person sees (a narrow viewport hides some). */
const shownRows = (view: HTMLElement) => rowsOf(view).filter((r) => r.getBoundingClientRect().height > 0);

describe('Connect rows, WhatIsAWallet and GetWallet', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 1000, height: 800 });
  });

  it("shows the WalletConnect row with its logo and a 'QR code' tag", async () => {
    const el = await mountModal();
    $connectors.set([wc, { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155' }]);
    await el.modal.open({ view: 'Connect' });
    const view = deep<HTMLElement>(el, 'w3-connect-view')!;
    const row = await waitFor(() => rowsOf(view).find((r) => r.textContent?.trim() === 'WalletConnect'), 3000, 'wc row');
    expect(row.tag).to.equal('QR code');
    expect(row.querySelector('w3-ui-wallet-image')).to.equal(null);
    // the logo comes with the QR view's code (a lazy chunk)
    await waitFor(() => row.querySelector('[slot="image"] svg'), 3000, 'WalletConnect logo');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('shows a few rows then All Wallets: five when wide, three on a phone', async () => {
    await setViewport({ width: 1000, height: 800 });
    const el = await mountModal(apiOptions());
    $connectors.set([wc, { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155' }]);
    await el.modal.open({ view: 'Connect' });
    const view = deep<HTMLElement>(el, 'w3-connect-view')!;
    await waitFor(() => shownRows(view).length === 5, 5000, 'five rows');
    await waitFor(() => deepText(view).includes('All Wallets'), 3000, 'All Wallets row');
    await setViewport({ width: 375, height: 700 });
    await waitFor(() => shownRows(view).length === 3, 3000, 'three rows');
    const shown = shownRows(view).map((r) => r.dataset['walletId'] ?? r.textContent?.trim());
    expect(shown.slice(0, 2)).to.deep.equal(['WalletConnect', 'MetaMask']);
    expect(shown[2]).to.be.a('string');
  });

  it('WhatIsAWallet mentions e-mail and social login only when they are on', async () => {
    const text = async (features: object) => {
      resetAll();
      const el = await mountModal({ features });
      await el.modal.open({ view: 'WhatIsAWallet' });
      const view = await waitFor(() => deep<HTMLElement>(el, 'w3-what-is-a-wallet-view'), 3000, 'view');
      await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      return deepText(view);
    };
    expect(await text({})).to.contain('Use a browser extension or a mobile app.');
    expect(await text({})).not.to.match(/e-mail|social/);
    expect(await text({ email: true })).to.contain('or an e-mail login that creates a wallet for you.');
    expect(await text({ socials: ['google'] })).to.contain('or a social login that creates a wallet for you.');
    expect(await text({ email: true, socials: ['google'] })).to.contain('or an e-mail or social login that creates a wallet for you.');
  });

  it("'Get a wallet' lists registry wallets with their store links", async () => {
    const el = await mountModal(apiOptions());
    await el.modal.open({ view: 'WhatIsAWallet' });
    const help = await waitFor(() => deep<HTMLElement>(el, 'w3-what-is-a-wallet-view'), 3000, 'view');
    const button = deepAll<HTMLElement>(help, 'w3-ui-button').find((b) => b.textContent?.trim() === 'Get a wallet')!;
    button.click();
    await waitFor(() => $router.get().view === 'GetWallet', 2000, 'GetWallet');
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-get-wallet-view'), 3000, 'get wallet view');
    const links = await waitFor(
      () => {
        const found = deepAll<HTMLAnchorElement>(view, 'a');
        return found.length > 0 ? found : undefined;
      },
      5000,
      'store links',
    );
    expect(links.every((a) => a.protocol === 'https:' && a.rel.includes('noopener') && a.target === '_blank')).to.equal(true);
    expect(links.map((a) => a.textContent)).to.satisfy((labels: string[]) =>
      labels.every((l) => ['Chrome Web Store', 'App Store', 'Google Play', 'Website'].includes(l)),
    );
    expect(await axeViolations()).to.deep.equal([]);
    deepAll<HTMLElement>(view, 'w3-ui-button')
      .find((b) => b.textContent?.includes('Explore all wallets'))!
      .click();
    await waitFor(() => $router.get().view === 'AllWallets', 2000, 'AllWallets');
  });
});
