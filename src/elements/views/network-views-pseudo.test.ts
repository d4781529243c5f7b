/**
 * The network views in the pseudo-locale en-XA: every text the view shows or announces went
 * through msg() (`⟦…⟧`), except data (network names, chain ids).
 */
import { expect } from 'chai';
import { expectPseudoLocalized, usePseudoLocale } from '../../../test/browser/pseudo-check.js';
import { networks } from '../../wire/networks.js';
import { setLocale } from '../../stores/ui/locale.js';
import { $unknownNetwork } from '../../stores/network/networks.js';
import { pushView } from '../../stores/ui/router.js';
import { createTestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { baseOptions, connectedAndClosed, deep, deepText, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import type { W3Modal } from '../modal/modal.element.js';

const networkNames = (): string[] => (baseOptions().networks ?? []).map((n) => n.name);

async function openView(el: W3Modal, tag: string, view: string, data?: Record<string, unknown>): Promise<HTMLElement> {
  await el.modal.open({ view: 'Connect' });
  pushView(view as never, data);
  return waitFor(() => deep<HTMLElement>(el, tag), 3000, tag);
}

describe('network views in the pseudo-locale', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    await setLocale('en');
    resetAll();
  });

  it('Networks: the list and the Testnet tag', async () => {
    const el = await mountModal();
    const view = await openView(el, 'w3-networks-view', 'Networks');
    await usePseudoLocale(view);
    expectPseudoLocalized(view, networkNames());
    const sepolia = deep<HTMLElement>(view, `w3-ui-list-item[data-network="${networks.sepolia.caipNetworkId}"]`)!;
    expect(deepText(sepolia)).to.contain('⟦');
  });

  it('UnsupportedChain with a chain id, its networks and Disconnect', async () => {
    const el = await mountModal();
    $unknownNetwork.set({ namespace: 'eip155', chainId: '999' });
    await el.modal.open({ view: 'UnsupportedChain' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-unsupported-chain-view'), 3000, 'UnsupportedChain');
    await usePseudoLocale(view);
    expect(deepText(view)).to.contain('999');
    expectPseudoLocalized(view, networkNames());
  });

  it('SwitchActiveChain, and its Network Not Found', async () => {
    const el = await mountModal();
    const view = await openView(el, 'w3-switch-active-chain-view', 'SwitchActiveChain', { network: networks.sepolia.caipNetworkId });
    await usePseudoLocale(view);
    expect(deepText(view)).to.contain(networks.sepolia.name);
    expectPseudoLocalized(view, networkNames());
    pushView('SwitchActiveChain', { network: 'eip155:424242' });
    const missing = await waitFor(() => deep<HTMLElement>(el, 'w3-switch-active-chain-view'), 3000, 'the second view');
    await usePseudoLocale(missing);
    expectPseudoLocalized(missing);
  });

  it('SwitchNetwork while the wallet is asked', async () => {
    const w = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'Gamma Wallet',
      rdns: 'dev.w3kit.gamma',
      storageKey: false,
    } as never);
    try {
      const el = await mountModal();
      await el.modal.open();
      const connect = await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'connect view');
      const item = await waitFor(
        () => Array.from(connect.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === 'Gamma Wallet'),
        3000,
        'Gamma Wallet',
      );
      deep<HTMLElement>(item, 'button')!.click();
      await connectedAndClosed(el);
      // Sepolia is unknown to the wallet: it is asked to add it, and leaves the request waiting.
      w.setMode('hang');
      pushView('SwitchNetwork', { network: networks.sepolia.caipNetworkId });
      const view = await waitFor(() => deep<HTMLElement>(el, 'w3-switch-network-view'), 3000, 'SwitchNetwork');
      await usePseudoLocale(view);
      expect(deepText(view)).to.contain('Gamma Wallet');
      expectPseudoLocalized(view, networkNames());
      el.modal.close();
    } finally {
      w.remove();
    }
  });
});
