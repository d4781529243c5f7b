import { expect } from 'chai';
import { ADDRESS, axeViolations, connectAccount, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';

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
    expect(deepAll(view, '.networks li').map((li) => li.textContent)).to.deep.equal(['Localhost', 'Ethereum', 'Sepolia']);
    expect(deep(view, 'w3-ui-button')!.textContent).to.contain('Copy address');
    expect(await axeViolations()).to.deep.equal([]);
  });
});
