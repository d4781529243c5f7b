/**
 * The Activity tab of a Bitcoin account in Chromium (issue 33 section 2), without a Blockchain
 * API: the real Wallet Standard Bitcoin test wallet (its key's address funded with 1 BTC by
 * web-test-runner's local regtest chain, window.__W3_BTC_URL__) connects and sends through the
 * instance API; the Account view's Activity tab lists, from the network's Esplora, the 'Sent' row
 * (in BTC, with its confirmations) and the 'Received' row of the funding, each linking nowhere
 * but copying its txid (the regtest preset has no explorer).
 */
import { expect } from 'chai';
import { sha256 } from '@scure/btc-signer/utils.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../../test/fixtures/bitcoin-wallet.js';
import { axeViolations, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import { connectExternal } from '../../stores/connection/actions.js';
import { getAccountState } from '../../stores/connection/account.js';
import { $connectors } from '../../stores/connection/connectors.js';
import { networks, type Network } from '../../wire/networks.js';

/** The key web-test-runner.config.mjs funds (its P2WPKH regtest address, 1 BTC). */
const KEY = sha256(new TextEncoder().encode('w3kit btc-activity browser test'));
const RECEIVER = createBitcoinTestWallet({ storageKey: false, privateKey: 'a8'.repeat(32), name: 'Receiver' }).address;
const NAME = 'Bitcoin Activity Wallet';

const regtest = (): Network => ({
  ...networks.bitcoinRegtest,
  rpcUrls: { default: { http: [(window as unknown as { __W3_BTC_URL__: string }).__W3_BTC_URL__] } },
});

let wallet: BitcoinTestWallet | undefined;

describe('Bitcoin activity in the Account view (issue 33)', () => {
  beforeEach(() => {
    resetAll();
    wallet = createBitcoinTestWallet({ name: NAME, privateKey: KEY, storageKey: false });
    wallet.register();
  });
  afterEach(() => {
    wallet?.unregister();
    resetAll();
  });

  it("lists the send's 'Sent' row and the funding's 'Received' one, in BTC with their confirmations, from Esplora", async function () {
    this.timeout(60_000);
    const el = await mountModal({ networks: [regtest()] });
    await el.modal.open({ view: 'Connect' });
    const id = await waitFor(() => $connectors.get().find((c) => c.name === NAME)?.id, 15_000, 'the Bitcoin wallet discovered');
    await connectExternal(id);
    await waitFor(() => getAccountState('bip122').balance === '1', 8000, 'the funded balance read from the local chain');
    const txid = await el.modal.sendTransaction({ to: RECEIVER, value: '0.01' }, { namespace: 'bip122' });
    expect(txid).to.match(/^[0-9a-f]{64}$/);

    await el.modal.open({ view: 'Account' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
    const tab = await waitFor(
      () => deepAll<HTMLButtonElement>(view, 'w3-ui-tabs', '[role="tab"]').find((t) => t.textContent!.trim() === 'Activity'),
      3000,
      'the Activity tab without a Blockchain API',
    );
    tab.click();
    const rows = () => deepAll<HTMLElement>(view, 'li.row');
    await waitFor(() => rows().length === 2, 10_000, 'two rows').catch((err: Error) => {
      throw new Error(`${err.message}: ${deepText(view).slice(0, 300)}`);
    });
    const [sent, received] = rows();
    expect(sent!.dataset.hash).to.equal(txid);
    expect(sent!.dataset.direction).to.equal('out');
    expect(deepText(deep(sent!, '.title')!)).to.equal('Sent');
    // What left the account: 0.01 BTC and the fee (3 decimals shown).
    expect(deepText(deep(sent!, '.amount')!)).to.equal('-0.010 BTC');
    expect(deep(sent!, '[data-confirmations]')!.textContent!.trim()).to.match(/^(Pending|1 confirmation)$/);
    expect(received!.dataset.direction).to.equal('in');
    expect(deepText(deep(received!, '.title')!)).to.equal('Received');
    expect(deepText(deep(received!, '.amount')!)).to.equal('+1.000 BTC');
    expect(deep(received!, '[data-confirmations]')!.textContent!.trim()).to.match(/^\d+ confirmations?$/);
    expect(await axeViolations()).to.deep.equal([]);
  });
});
