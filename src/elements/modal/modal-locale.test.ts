import { expect } from 'chai';
import { $unknownNetwork } from '../../stores/network/networks.js';
import { pushView } from '../../stores/ui/router.js';
import { deep, deepText, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';

const PSEUDO = /^⟦.*⟧$/;

async function mount(tag: string): Promise<HTMLElement> {
  const el = document.createElement(tag) as HTMLElement & { updateComplete: Promise<unknown> };
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('<w3-modal> and the page buttons follow setLocale live', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    await (document.querySelector('w3-modal') as { modal?: { setLocale(l: string): Promise<unknown> } } | null)?.modal?.setLocale('en');
    resetAll();
    document.body.replaceChildren();
  });

  it('switches the header title, its buttons and the page buttons to en-XA with the modal open, and back', async () => {
    const modal = await mountModal();
    const button = await mount('w3-button');
    const network = await mount('w3-network-button');
    await modal.modal.open({ view: 'Connect' });
    const title = await waitFor(() => deep(modal, '#w3-modal-title'), 3000, 'title');
    expect(title.textContent!.trim()).to.equal('Connect Wallet');
    const labels = () => [...modal.shadowRoot!.querySelectorAll('header w3-ui-icon-button')].map((b) => b.getAttribute('label'));
    expect(labels()).to.deep.equal(['What is a wallet?', 'Close']);

    await modal.modal.setLocale('en-XA');
    await waitFor(() => PSEUDO.test(deep(modal, '#w3-modal-title')!.textContent!.trim()), 3000, 'pseudo title');
    expect(modal.open, 'still open').to.equal(true);
    const dialog = deep(modal, '[role="dialog"]')!;
    expect(deep(modal, `#${dialog.getAttribute('aria-labelledby')}`)!.textContent!.trim()).to.match(PSEUDO);
    await waitFor(() => labels().every((l) => PSEUDO.test(l ?? '')), 3000, 'pseudo header buttons');
    await waitFor(() => PSEUDO.test(deepText(deep(button, 'w3-connect-button', 'button')!).trim()), 3000, 'pseudo connect label');
    expect(deep(network, 'button')!.getAttribute('title')).to.match(PSEUDO);

    pushView('Networks');
    await waitFor(() => labels()[0] !== null && PSEUDO.test(labels()[0]!), 3000, 'pseudo Back');
    expect(deep(modal, '#w3-modal-title')!.textContent!.trim()).to.match(PSEUDO);

    await modal.modal.setLocale('en');
    await waitFor(() => deep(modal, '#w3-modal-title')!.textContent!.trim() === 'Choose Network', 3000, 'English title');
    expect(labels()).to.deep.equal(['Back', 'Close']);
    expect(deepText(deep(button, 'w3-connect-button', 'button')!).trim()).to.equal('Connect Wallet');
  });

  it("the network button's unsupported-network texts are localized", async () => {
    await mountModal();
    const network = await mount('w3-network-button');
    $unknownNetwork.set({ namespace: 'eip155', chainId: '999' });
    await waitFor(() => deepText(network).includes('Unknown Network'), 2000, 'Unknown Network');
    expect(deep(network, 'button')!.getAttribute('title')).to.equal('Unsupported network (chain ID 999): change network');
    await (document.querySelector('w3-modal') as unknown as { modal: { setLocale(l: string): Promise<unknown> } }).modal.setLocale('en-XA');
    await waitFor(() => PSEUDO.test(deep(network, 'button')!.getAttribute('title') ?? ''), 2000, 'pseudo title');
    expect(deep(network, 'button')!.getAttribute('title')).to.contain('999');
    expect(deepText(network)).not.to.contain('Unknown Network');
  });
});
