import { describe, expect, it } from 'vitest';
import { browseLink, walletConnectLink, walletStoreLinks } from './wallet-links.js';

const URI = 'wc:abc@2?relay-protocol=irn&symKey=00';

describe('walletConnectLink', () => {
  it('appends wc?uri= to app schemes, universal links and web apps', () => {
    const encoded = encodeURIComponent(URI);
    expect(walletConnectLink('metamask://', URI)).toBe(`metamask://wc?uri=${encoded}`);
    expect(walletConnectLink('https://metamask.app.link', URI)).toBe(`https://metamask.app.link/wc?uri=${encoded}`);
    expect(walletConnectLink('https://app.example/', URI)).toBe(`https://app.example/wc?uri=${encoded}`);
  });

  it('refuses unsafe or missing links', () => {
    expect(walletConnectLink('javascript:alert(1)', URI)).toBeUndefined();
    expect(walletConnectLink(null, URI)).toBeUndefined();
    expect(walletConnectLink('not a url', URI)).toBeUndefined();
  });
});

describe('browseLink (Phantom, Solflare, Coinbase without their extension)', () => {
  const page = 'https://dapp.example/swap?x=1';
  it('opens the page in the wallet app by our id and by WalletConnect id', () => {
    const ref = encodeURIComponent('https://dapp.example');
    expect(browseLink('phantom', page)).toBe(`https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${ref}`);
    expect(browseLink('a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393', page)).toBe(browseLink('phantom', page));
    expect(browseLink('solflare', page)).toBe(`https://solflare.com/ul/v1/browse/${encodeURIComponent(page)}?ref=${ref}`);
    expect(browseLink('coinbase', page)).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`);
  });

  it('is undefined for other wallets or a bad page URL', () => {
    expect(browseLink('metamask', page)).toBeUndefined();
    expect(browseLink('phantom', 'not a url')).toBeUndefined();
  });
});

describe('walletStoreLinks', () => {
  it('lists the safe store links and the homepage, in order, and drops unsafe ones', () => {
    expect(
      walletStoreLinks({
        chrome_store: 'https://chrome.google.com/webstore/detail/x',
        app_store: 'javascript:alert(1)',
        play_store: 'https://play.google.com/store/apps/details?id=x',
        homepage: 'https://x.example',
      }),
    ).toEqual([
      { label: 'Chrome Web Store', href: 'https://chrome.google.com/webstore/detail/x' },
      { label: 'Google Play', href: 'https://play.google.com/store/apps/details?id=x' },
      { label: 'Website', href: 'https://x.example' },
    ]);
    expect(walletStoreLinks({ chrome_store: null, app_store: null, play_store: null, homepage: null })).toEqual([]);
  });
});
