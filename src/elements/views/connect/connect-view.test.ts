import { expect } from 'chai';
import { $connectors } from '../../../stores/connection/connectors.js';
import { $modal } from '../../../stores/ui/modal.js';
import { $toast } from '../../../stores/ui/toast.js';
import { addRecentWallet } from '../../../stores/connection/recent.js';
import { deep, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

async function openConnect(el: W3Modal): Promise<HTMLElement> {
  await el.modal.open({ view: 'Connect' });
  return deep<HTMLElement>(el, 'w3-connect-view')!;
}

const sections = (view: HTMLElement) => Array.from(view.shadowRoot!.querySelectorAll('section')).map((s) => s.dataset['method']);

describe('<w3-connect-view>', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it('orders sections email, social, wallet by default and hides empty ones', async () => {
    $connectors.set([{ id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' }]);
    const el = await mountModal({ features: { email: true, socials: ['google'] } });
    const view = await openConnect(el);
    expect(sections(view)).to.deep.equal(['email', 'social', 'wallet']);
    el.modal.close();
    resetAll();
    const el2 = await mountModal({ features: { email: false } });
    $connectors.set([{ id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155' }]);
    const view2 = await openConnect(el2);
    expect(sections(view2)).to.deep.equal(['wallet']);
  });

  it('puts passkey login after the last of e-mail and social, never among the wallets', async () => {
    $connectors.set([{ id: 'x', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' }]);
    const embedded = { secureSiteUrl: 'http://localhost:4303', projectId: 'w3kit-dev' };
    const el = await mountModal({
      ...embedded,
      features: { email: true, socials: ['google'], connectMethodsOrder: ['social', 'email', 'wallet'] },
    });
    const view = await openConnect(el);
    const holders = () =>
      Array.from(view.shadowRoot!.querySelectorAll('section'))
        .filter((s) => s.querySelector('w3-passkey-login'))
        .map((s) => s.dataset['method']);
    expect(holders()).to.deep.equal(['email']);
    const login = view.shadowRoot!.querySelector('w3-passkey-login') as HTMLElement & { updateComplete: Promise<unknown> };
    await login.updateComplete;
    await waitFor(() => deepText(login).includes('Log in with a passkey'));
    el.modal.close();
    resetAll();
    const el2 = await mountModal({ ...embedded, features: { email: false, socials: ['github'] } });
    const view2 = await openConnect(el2);
    expect(
      Array.from(view2.shadowRoot!.querySelectorAll('section'))
        .filter((s) => s.querySelector('w3-passkey-login'))
        .map((s) => s.dataset['method']),
    ).to.deep.equal(['social']);
  });

  it('follows connectMethodsOrder', async () => {
    $connectors.set([{ id: 'x', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' }]);
    const el = await mountModal({ features: { email: true, socials: ['github'], connectMethodsOrder: ['wallet', 'social', 'email'] } });
    const view = await openConnect(el);
    expect(sections(view)).to.deep.equal(['wallet', 'social', 'email']);
  });

  it('lists wallets as buttons named by the wallet, renders names as text, recent first', async () => {
    $connectors.set([
      { id: 'a', type: 'ANNOUNCED', name: '<img src=x onerror=alert(1)>Evil', chain: 'eip155', imageUrl: 'javascript:alert(1)' },
      {
        id: 'b',
        type: 'ANNOUNCED',
        name: 'Rabby',
        chain: 'eip155',
        imageUrl: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      },
    ]);
    addRecentWallet({ id: 'b', name: 'Rabby' });
    const el = await mountModal();
    const view = await openConnect(el);
    const items = Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item'));
    expect(items.map((i) => i.textContent!.trim())).to.deep.equal(['Rabby', '<img src=x onerror=alert(1)>Evil']);
    expect(items[0]!.getAttribute('tag') ?? (items[0] as HTMLElement & { tag?: string }).tag).to.equal('Recent');
    expect(view.shadowRoot!.querySelector('img')).to.equal(null);
    const evilImage = items[1]!.querySelector('w3-ui-wallet-image')!;
    await (evilImage as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(evilImage.shadowRoot!.querySelector('img')).to.equal(null);
    const goodImage = items[0]!.querySelector('w3-ui-wallet-image')!;
    await waitFor(() => goodImage.shadowRoot?.querySelector('img'), 1000, 'data: image shown');
  });

  it('shows No wallet found and a help link when every section is empty', async () => {
    const el = await mountModal();
    const view = await openConnect(el);
    expect(deepText(view)).to.contain('No wallet found');
    deep<HTMLElement>(view, 'w3-ui-button', 'button')!.click();
    await waitFor(() => $modal.get().shownView === 'WhatIsAWallet', 2000, 'help view');
  });

  it('validates the e-mail and reports a missing auth connector', async () => {
    const el = await mountModal({ features: { email: true } });
    const view = await openConnect(el);
    const input = deep(view, 'w3-ui-text-input')!;
    deep<HTMLElement>(view, 'w3-ui-button', 'button')!.click();
    await waitFor(() => deep(input, '[role="alert"]'), 1000, 'Enter your e-mail address');
    expect(deep(input, '[role="alert"]')!.textContent).to.equal('Enter your e-mail address');
    const native = deep<HTMLInputElement>(input, 'input')!;
    native.value = 'not-an-email';
    native.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    native.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    const invalid = 'Enter a valid e-mail address, like name@example.com';
    await waitFor(() => deep(input, '[role="alert"]')?.textContent === invalid, 1000, invalid);
    // A 312-character address is refused right here, not after a jump to another view.
    native.value = `${'a'.repeat(300)}@example.com`;
    native.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    native.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    const tooLong = 'This e-mail address is too long: at most 254 characters';
    await waitFor(() => deep(input, '[role="alert"]')?.textContent === tooLong, 1000, tooLong);
    expect($modal.get().shownView).to.equal('Connect');
    native.value = 'ada@example.com';
    native.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    native.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await waitFor(() => $toast.get().open, 1000, 'toast');
    expect($toast.get().variant).to.equal('error');
    expect($toast.get().message).to.deep.equal({ code: 'NO_AUTH_CONNECTOR' });
  });

  it('reports Adapter not found for a connector whose adapter is not loaded', async () => {
    const el = await mountModal();
    // Set after configure(), which removes the WalletConnect connector when no relay is configured.
    $connectors.set([{ id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' }]);
    const view = await openConnect(el);
    deep<HTMLElement>(view, 'w3-ui-list-item', 'button')!.click();
    await waitFor(() => $toast.get().open, 1000, 'toast');
    expect($toast.get().message).to.deep.equal({ code: 'ADAPTER_NOT_FOUND' });
  });
});
