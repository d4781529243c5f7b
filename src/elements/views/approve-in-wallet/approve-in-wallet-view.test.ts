import { expect } from 'chai';
import { PendingRequests } from '../../../adapters/walletconnect/pending.js';
import { $connectedWallet } from '../../../stores/connection/connectors.js';
import { $modal } from '../../../stores/ui/modal.js';
import { $router } from '../../../stores/ui/router.js';
import { setWalletconnectPending } from '../../../stores/walletconnect/pending.js';
import { axeViolations, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';

describe('ApproveInWallet', () => {
  beforeEach(() => resetAll());
  afterEach(() => {
    setWalletconnectPending(undefined);
    $connectedWallet.set(undefined);
    resetAll();
  });

  it('opens for a request waiting in the wallet with its name; Cancel rejects it with 4001 and closes the modal', async () => {
    const el = await mountModal();
    $connectedWallet.set({ name: 'w3kit Test Wallet', type: 'WALLET_CONNECT' });
    const pending = new PendingRequests(setWalletconnectPending);
    const request = pending.track('eth_sendTransaction', new Promise<string>(() => undefined));
    const outcome = request.then(
      () => 'sent',
      (e: { code?: number; message?: string }) => `${e.code}: ${e.message}`,
    );
    expect($modal.get().open).to.equal(true);
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-approve-in-wallet-view'), 3000, 'ApproveInWallet');
    await waitFor(() => deepText(view).includes('Continue in w3kit Test Wallet'), 2000, 'the wallet name');
    expect(deepText(view)).to.contain('Approve the transaction in w3kit Test Wallet.');
    expect(view.shadowRoot!.querySelector('[role="status"]')).to.not.equal(null);
    await waitFor(() => deepText(el).includes('Approve in your wallet'), 2000, 'the header title');
    expect(await axeViolations()).to.deep.equal([]);
    const cancel = deepAll<HTMLElement>(view, 'w3-ui-button').find((b) => b.textContent?.trim() === 'Cancel')!;
    cancel.shadowRoot!.querySelector('button')!.click();
    expect(await outcome).to.equal('4001: User rejected the request.');
    expect($modal.get().open).to.equal(false);
    expect($router.get().view).to.equal('Connect');
  });
});
