import { expect } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { pushView } from '../../../stores/ui/router.js';
import { $walletList } from '../../../stores/registry/wallet-list.js';
import { $wcPairing } from '../../../stores/walletconnect/state.js';
import { cancelWalletConnectPairing } from '../../../stores/walletconnect/pairing.js';
import { apiOptions, axeViolations, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** Our backend's relay (port + 1), so WalletConnect counts as configured. */
const relayUrl = (): string => {
  const api = new URL((window as unknown as { __W3_API_URL__: string }).__W3_API_URL__);
  return `ws://127.0.0.1:${Number(api.port) + 1}`;
};

/**
 * The view with a pairing URI shown. sign-client (CommonJS inside) does not load in this runner,
 * so the test plays its part: the pairing started by the view is cancelled and a URI is set.
 */
async function openQrView(el: W3Modal, data?: Record<string, unknown>): Promise<{ view: HTMLElement; uri: string }> {
  await el.modal.open({ view: 'Connect' });
  pushView('ConnectingWalletConnect', { title: 'WalletConnect', ...data });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connecting-wallet-connect-view'), 3000, 'QR view');
  cancelWalletConnectPairing();
  const uri = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`;
  $wcPairing.set({ status: 'ready', uri, expiresAt: Date.now() + 60_000 });
  await waitFor(() => $walletList.get().status === 'ready', 8000, 'registry wallets');
  return { view, uri };
}

const before = (a: Node, b: Node): boolean => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
const copyButton = (view: HTMLElement) =>
  deepAll<HTMLElement>(view, 'w3-ui-button').find((b) => b.textContent?.trim() === 'Copy link') as HTMLElement;

describe('ConnectingWalletConnect on a phone and on a desktop', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 1000, height: 800 });
  });

  it('at 375 px leads with the registry wallets app links and Copy link, the QR last, and never asks to scan with your phone', async () => {
    await setViewport({ width: 375, height: 812 });
    const el = await mountModal({ ...apiOptions(), relayUrl: relayUrl(), featuredWalletIds: ['metamask'] });
    const { view, uri } = await openQrView(el);
    const apps = await waitFor(() => deepAll<HTMLAnchorElement>(view, 'ul[aria-label="Open a wallet app"] a'), 5000, 'app links');
    expect(apps[0]!.textContent?.trim()).to.equal('MetaMask');
    expect(apps[0]!.href).to.equal(`metamask://wc?uri=${encodeURIComponent(uri)}`);
    expect(apps.every((a) => a.href.includes(encodeURIComponent(uri)) && a.rel.includes('noopener'))).to.equal(true);
    const qr = deep<HTMLElement>(view, 'w3-qr-code')!;
    expect(before(apps[0]!, copyButton(view))).to.equal(true);
    expect(before(copyButton(view), qr)).to.equal(true);
    const text = deepText(view);
    expect(text).to.not.contain('with your phone');
    expect(text).to.contain('Or scan this QR code from another device');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('at 375 px a chosen wallet shows its app link and Copy link above its QR', async () => {
    await setViewport({ width: 375, height: 812 });
    const el = await mountModal({ ...apiOptions(), relayUrl: relayUrl(), featuredWalletIds: ['metamask'] });
    await el.modal.open({ view: 'Connect' });
    const metamask = await waitFor(() => $walletList.get().featured.find((w) => w.id === 'metamask'), 8000, 'MetaMask in the registry');
    const { view, uri } = await openQrView(el, { wallet: metamask });
    const link = await waitFor(() => deep<HTMLAnchorElement>(view, 'ul[aria-label="Open MetaMask"] a'), 3000, 'MetaMask link');
    expect(link.textContent?.trim()).to.equal('Open MetaMask app');
    expect(link.href).to.equal(`metamask://wc?uri=${encodeURIComponent(uri)}`);
    expect(before(link, copyButton(view))).to.equal(true);
    expect(before(copyButton(view), deep<HTMLElement>(view, 'w3-qr-code')!)).to.equal(true);
    expect(deepText(view)).to.contain('Continue in MetaMask');
    expect(deepText(view)).to.not.contain('Scan this QR code with');

    // Opening the app hands it the connection request: the view says so until the wallet answers or Cancel.
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    await waitFor(() => deepText(view).includes('Accept connection request in the wallet'), 2000, 'the wallet has the request');
    expect(deep(view, 'w3-qr-code')).to.equal(null);
    expect(deepAll<HTMLAnchorElement>(view, 'a').find((a) => a.textContent?.trim() === 'Try again')?.href).to.equal(link.href);
    expect(await axeViolations()).to.deep.equal([]);
    const cancel = deepAll<HTMLElement>(view, 'w3-ui-button').find((b) => b.textContent?.trim() === 'Cancel')!;
    cancel.click();
    await waitFor(() => !deepText(view).includes('Accept connection request in the wallet'), 2000, 'back to the QR');
    expect($wcPairing.get().openedIn).to.equal(undefined);
  });

  it('at 1280 px shows the QR first, asks to scan it with your phone, and lists no wallet apps', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await mountModal({ ...apiOptions(), relayUrl: relayUrl(), featuredWalletIds: ['metamask'] });
    const { view } = await openQrView(el);
    expect(deepText(view)).to.contain('Scan this QR code with your phone');
    expect(deep(view, 'ul[aria-label="Open a wallet app"]')).to.equal(null);
    expect(before(deep<HTMLElement>(view, 'w3-qr-code')!, copyButton(view))).to.equal(true);
  });
});
