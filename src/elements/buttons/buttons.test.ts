import { expect } from 'chai';
import { $modal } from '../../stores/ui/modal.js';
import { $activeNetwork, $activeNetworkIds, $unknownNetwork } from '../../stores/network/networks.js';
import { $nativeBalances, balanceKey } from '../../stores/connection/native-balance.js';
import { patchAccount } from '../../stores/connection/account.js';
import { pushView } from '../../stores/ui/router.js';
import {
  ADDRESS,
  axeViolations,
  connectAccount,
  deep,
  deepText,
  mountModal,
  nextFrame,
  resetAll,
  waitFor,
} from '../../../test/browser/helpers.js';

async function mount<T extends HTMLElement>(tag: string): Promise<T> {
  const el = document.createElement(tag) as T & { updateComplete: Promise<unknown> };
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('page buttons', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it('<w3-button> opens Connect and reads Connecting... only while a connection is being made, not while the modal is open', async () => {
    await mountModal();
    const button = await mount('w3-button');
    const inner = () => deep<HTMLButtonElement>(button, 'w3-connect-button', 'button')!;
    await waitFor(() => deep(button, 'w3-connect-button', 'button'), 2000, 'connect button');
    expect(inner().textContent!.trim()).to.equal('Connect Wallet');
    inner().click();
    await waitFor(() => $modal.get().shownView === 'Connect', 2000, 'modal open');
    await nextFrame();
    expect(inner().textContent!.trim()).to.equal('Connect Wallet');
    expect(inner().getAttribute('aria-busy')).to.equal('false');
    pushView('AllWallets');
    await waitFor(() => $modal.get().shownView === 'AllWallets', 5000, 'All Wallets');
    expect(inner().textContent!.trim()).to.equal('Connect Wallet');
    patchAccount('eip155', { status: 'connecting' });
    await waitFor(() => inner().textContent!.includes('Connecting...'), 2000, 'Connecting...');
    expect(inner().getAttribute('aria-busy')).to.equal('true');
    patchAccount('eip155', { status: 'disconnected' });
    await waitFor(() => inner().textContent!.trim() === 'Connect Wallet', 2000, 'back to Connect Wallet');
  });

  it('<w3-button> becomes the account button with the address as 4…6 and the balance', async () => {
    await mountModal();
    const button = await mount('w3-button');
    connectAccount();
    await waitFor(() => deep(button, 'w3-account-button', 'button'), 2000, 'account button');
    const text = deepText(deep(button, 'w3-account-button')!);
    expect(text).to.contain('0xf3…b92266');
    expect(text).to.contain('1.234 ETH');
    deep<HTMLElement>(button, 'w3-account-button', 'button')!.click();
    await waitFor(() => $modal.get().shownView === 'Account', 2000, 'Account view');
  });

  it('<w3-account-button> shows only the active chain\'s balance: … while read, a dash when unreadable; balance="hide" hides it', async () => {
    await mountModal();
    connectAccount();
    const shown = await mount('w3-account-button');
    expect(deepText(shown)).to.contain('1.234 ETH');
    // Another chain: the Localhost figure is gone at once, '…' until its chain answers.
    $activeNetworkIds.setKey('eip155', 'eip155:11155111');
    await waitFor(() => deepText(shown).includes('… ETH'), 2000, 'loading');
    expect(deepText(shown)).to.not.contain('1.234');
    $nativeBalances.setKey(balanceKey('eip155:11155111', ADDRESS), { status: 'unavailable', value: undefined, symbol: 'ETH' });
    await waitFor(() => deep(shown, '[data-balance="unavailable"]'), 2000, 'unavailable');
    expect(deep(shown, '[data-balance]')!.getAttribute('title')).to.equal('Balance unavailable');
    expect(deepText(shown)).to.contain('— ETH');
    const hidden = await mount('w3-account-button');
    hidden.setAttribute('balance', 'hide');
    await (hidden as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(deepText(hidden)).to.not.contain('ETH');
    expect(deepText(hidden)).to.contain('0xf3…b92266');
  });

  it('a wallet on an unsupported chain: the button, the Networks view and getNetwork() agree', async () => {
    const modal = await mountModal();
    const button = await mount('w3-network-button');
    $unknownNetwork.set({ namespace: 'eip155', chainId: '31338' });
    await waitFor(() => deepText(button).includes('Unknown Network'), 2000, 'Unknown Network');
    expect(deep(button, 'button')!.getAttribute('data-unsupported')).to.equal('eip155:31338');
    expect(modal.modal.getNetwork()).to.equal(undefined);
    expect(modal.modal.getState().selectedNetworkId).to.equal('eip155:31338');
    deep<HTMLElement>(button, 'button')!.click();
    await waitFor(() => $modal.get().shownView === 'Networks', 5000, 'Networks view');
    const view = deep(modal, 'w3-networks-view')!;
    const items = Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item'));
    expect(items.length).to.equal(3);
    expect(items.filter((i) => i.hasAttribute('selected'))).to.deep.equal([]);
    $unknownNetwork.set(undefined);
  });

  it('<w3-network-button> shows the active network and opens Networks, where choosing one switches', async () => {
    const modal = await mountModal();
    const button = await mount('w3-network-button');
    expect(deepText(button)).to.contain('Localhost');
    expect(deep(button, 'button')!.getAttribute('title')).to.equal('Change network');
    deep<HTMLElement>(button, 'button')!.click();
    await waitFor(() => $modal.get().shownView === 'Networks', 5000, 'Networks view');
    const view = deep(modal, 'w3-networks-view')!;
    const items = Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item'));
    expect(items.map((i) => i.textContent!.trim())).to.deep.equal(['Localhost', 'Ethereum', 'Sepolia']);
    expect(items[0]!.hasAttribute('selected')).to.equal(true);
    expect(deep(items[0]!, 'button')!.getAttribute('aria-current')).to.equal('true');
    deep<HTMLElement>(items[1]!, 'button')!.click();
    await waitFor(() => $activeNetwork.get()?.caipNetworkId === 'eip155:1', 2000, 'switched');
    expect($modal.get().open).to.equal(false);
    await waitFor(() => deepText(button).includes('Ethereum'), 2000, 'button updated');
  });

  it('has no axe violations on the page buttons', async () => {
    await mountModal();
    await mount('w3-button');
    await mount('w3-network-button');
    connectAccount(ADDRESS);
    await mount('w3-account-button');
    expect(await axeViolations()).to.deep.equal([]);
  });
});
