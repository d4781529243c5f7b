import { expect } from 'chai';
import { addressGroups } from '../../../core/address-groups.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { $toast } from '../../../stores/ui/toast.js';
import { ADDRESS, axeViolations, connectAccount, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { pseudoCheck } from '../../../../test/browser/pseudo-check-b.js';

describe('WalletReceive view', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it('shows the address as a QR code, a copy button and the network names', async () => {
    const el = await mountModal();
    connectAccount();
    await el.modal.open({ view: 'WalletReceive' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-receive-view'), 3000, 'receive view');
    const qr = await waitFor(() => deep<HTMLElement>(view, 'w3-qr-code'), 2000, 'qr');
    expect(qr.getAttribute('uri')).to.equal(ADDRESS);
    await waitFor(() => deep(qr, 'svg'), 3000, 'qr drawn');
    expect(deep(view, '[data-address]')!.textContent).to.equal(ADDRESS);
    // The full address in even groups: 0x, then ten groups of 4, laid out with gaps, not spaces.
    const groups = deepAll(view, '[data-address] > span').map((s) => s.textContent);
    expect(groups).to.deep.equal(['0x', 'f39F', 'd6e5', '1aad', '88F6', 'F4ce', '6aB8', '8272', '79cf', 'fFb9', '2266']);
    const tops = new Set(deepAll(view, '[data-address] > span').map((s) => Math.round(s.getBoundingClientRect().top)));
    expect(tops.size).to.equal(2);
    // The active network's logo sits in the centre of the code, which is cleared for it.
    const logo = qr.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="logo"]')!.assignedElements()[0]!;
    const icon = logo.querySelector<HTMLElement & { caipNetworkId: string }>('w3-ui-network-icon')!;
    expect(icon.caipNetworkId).to.equal('eip155:31337');
    const { qrMatrix } = await import('../../primitives/qr-code/qr-matrix.js');
    expect(deep(qr, 'svg path')!.getAttribute('d')).to.equal(qrMatrix(ADDRESS, { logo: true }).path);
    const frame = deep(qr, '[role="img"]')!.getBoundingClientRect();
    const box = logo.getBoundingClientRect();
    expect(Math.abs(box.left + box.width / 2 - (frame.left + frame.width / 2))).to.be.below(1);
    expect(Math.abs(box.top + box.height / 2 - (frame.top + frame.height / 2))).to.be.below(1);
    expect(box.width).to.be.greaterThan(40);
    expect(deepAll(view, '.networks li').map((li) => li.textContent)).to.deep.equal(['Localhost', 'Ethereum', 'Sepolia']);
    expect(deep(view, 'w3-ui-button')!.textContent).to.contain('Copy address');
    expect(await axeViolations()).to.deep.equal([]);
    // Copy copies the plain address (or, where the clipboard refuses, shows it to copy by hand).
    let copied: string | undefined;
    const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (text: string) => {
      copied = text;
      return writeText(text);
    };
    try {
      deep<HTMLElement>(view, 'w3-ui-button', 'button')!.click();
      await waitFor(() => $toast.get().open, 2000, 'toast');
    } finally {
      navigator.clipboard.writeText = writeText;
    }
    expect(copied).to.equal(ADDRESS);
    const { message } = $toast.get();
    expect([ADDRESS, 'Address copied']).to.include(message.code === 'TEXT' ? message.text : undefined);
  });

  it('in the pseudo-locale every text, label and aria-label went through msg()', async () => {
    const el = await mountModal();
    connectAccount();
    await el.modal.open({ view: 'WalletReceive' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-receive-view'), 3000, 'receive view');
    await setLocale('en-XA');
    try {
      await waitFor(() => deep(view, 'p.muted')!.textContent!.startsWith('⟦'), 3000, 'pseudo texts');
      const { leaks, localized } = pseudoCheck(view.shadowRoot!, ['Localhost', 'Ethereum', 'Sepolia', ...addressGroups(ADDRESS)]);
      expect(leaks).to.deep.equal([]);
      expect(localized).to.be.greaterThan(3);
      expect(deep(view, 'w3-qr-code')!.getAttribute('label')).to.equal('⟦QR çódé óf 0xf3…b92266⟧');
    } finally {
      await setLocale('en');
    }
  });
});
