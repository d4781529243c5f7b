/**
 * The seam is real: a fourth namespace that is a folder (test/fixtures/chains/tst/, the TEST
 * adapter of test/fixtures/test-chain-adapter.ts with its rules and labels, registered through
 * the registry and nothing else) is listed under its own heading in Networks, connects from the
 * Connect view, switches networks, signs through the instance API, and Send uses its address
 * rule, with the stores and views unchanged.
 */
import { expect } from 'chai';
import { registerAdapter } from '../../src/chains/registry.js';
import type { Network } from '../../src/wire/networks.js';
import { createTestChainWallet, type TestChainWallet } from '../fixtures/test-chain-adapter.js';
import { tstEntry } from '../fixtures/chains/tst/entry.js';
import { $send } from '../../src/stores/send/send.js';
import { isReceiverValid } from '../../src/stores/send/send-rules.js';
import { axeViolations, connectedAndClosed, deep, deepAll, deepText, mountModal, resetAll, waitFor } from './helpers.js';
import { offlineLocal } from '../../src/test-utils/networks.js';

const chain = (id: string, name: string): Network => ({
  id,
  caipNetworkId: `tst:${id}`,
  chainNamespace: 'tst',
  name,
  nativeCurrency: { name: 'Test', symbol: 'TST', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
});
const testA = chain('testnet', 'Test Chain');
const field = (view: HTMLElement, label: string) =>
  deepAll<HTMLElement>(view, 'w3-ui-text-input')
    .find((f) => f.getAttribute('label') === label)!
    .shadowRoot!.querySelector('input')!;
function type(view: HTMLElement, label: string, value: string): void {
  const input = field(view, label);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}
const button = (view: HTMLElement, text: string) =>
  deepAll<HTMLElement>(view, 'w3-ui-button')
    .find((b) => b.textContent!.trim() === text)!
    .shadowRoot!.querySelector('button')!;
const testB = chain('testnet2', 'Test Chain 2');

let wallet: TestChainWallet;
let unregister: () => void;

describe('a third namespace through the unchanged stores and views (test adapter)', () => {
  beforeEach(() => {
    resetAll();
    wallet = createTestChainWallet();
    unregister = registerAdapter(tstEntry([wallet]));
  });
  afterEach(() => {
    unregister();
    resetAll();
  });

  it('connects from Connect, switches from Networks, signs and disconnects', async () => {
    const el = await mountModal({ networks: [testA, testB, offlineLocal.localhost], defaultNetwork: testA });
    await el.modal.open();
    const row = await waitFor(
      () => deepAll(el, 'w3-connect-view', 'w3-ui-list-item').find((item) => deepText(item).includes('Test Chain Wallet')),
      3000,
      'the test wallet in Connect',
    );
    (row as HTMLElement).click();
    await waitFor(() => el.modal.getAccount('tst').isConnected, 3000, 'connected');
    expect(el.modal.getAccount()).to.include({ address: wallet.address, caipAddress: `tst:testnet:${wallet.address}` });
    expect(el.modal.getState().activeChain).to.equal('tst');
    await connectedAndClosed(el);
    await waitFor(
      () => {
        const view = deep(el, 'w3-account-view');
        return view && deepText(view).includes('42');
      },
      3000,
      'the balance the adapter read',
    );

    // Networks view: another network of the namespace asks the wallet (SwitchNetwork).
    await el.modal.open({ view: 'Networks' });
    const item = await waitFor(() => deep(el, 'w3-networks-view', '[data-network="tst:testnet2"]'), 3000, 'network row');
    // The Networks view grouped by namespace (EVM and the test chain, under its folder's heading) is axe-clean too.
    expect(deepAll(el, 'w3-networks-view', 'h3, h2').length).to.be.greaterThan(1);
    expect(deepAll(el, 'w3-networks-view', 'h3').map((h) => deepText(h))).to.include('Test Chain networks');
    expect(await axeViolations()).to.deep.equal([]);
    (item as HTMLElement).click();
    await waitFor(() => el.modal.getNetwork()?.caipNetworkId === 'tst:testnet2', 3000, 'switched');
    expect(wallet.requests).to.include('switch:testnet2');
    expect(el.modal.getAccount('tst').caipAddress).to.equal(`tst:testnet2:${wallet.address}`);

    const signature = await el.modal.signMessage('hello third chain', { namespace: 'tst' });
    expect(wallet.verify('hello third chain', signature)).to.equal(true);
    wallet.mode = 'reject';
    let refusal: unknown;
    await el.modal.signMessage('no').catch((err: unknown) => (refusal = err));
    expect((refusal as Error).message).to.contain('Signature declined');
    expect(await axeViolations()).to.deep.equal([]);

    await el.modal.disconnect('tst');
    expect(el.modal.getAccount('tst').isConnected).to.equal(false);
    expect(wallet.requests).to.include('disconnect');
  });

  it("Send works on it: the namespace's address rule and placeholder, its fee, its transfer", async () => {
    const el = await mountModal({ networks: [testA, offlineLocal.localhost], defaultNetwork: testA });
    await el.modal.open();
    const row = await waitFor(
      () => deepAll(el, 'w3-connect-view', 'w3-ui-list-item').find((i) => deepText(i).includes('Test Chain Wallet')),
      3000,
      'row',
    );
    (row as HTMLElement).click();
    await waitFor(() => el.modal.getAccount('tst').isConnected, 3000, 'connected');
    expect(isReceiverValid(wallet.address, 'tst')).to.equal(true);
    expect(isReceiverValid('0x0000000000000000000000000000000000000001', 'tst')).to.equal(false);

    // open() resolves with the hash once sent: not awaited here, or the test would wait for the send.
    const sent = el.modal.open({ view: 'WalletSend' });
    sent.catch(() => undefined); // a failure below is the test's, not an unhandled rejection
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-send-view'), 3000, 'send view');
    await waitFor(() => $send.get().token?.symbol === 'TST', 3000, 'the native coin chosen');
    expect(field(view, 'To').placeholder).to.equal('test1… address');
    type(view, 'Amount', '1.5');
    type(view, 'To', '0x0000000000000000000000000000000000000001');
    button(view, 'Preview send').click();
    await waitFor(() => field(view, 'To').getAttribute('aria-invalid') === 'true', 3000, 'an EVM address refused');
    expect($send.get().step).to.equal('form');

    const receiver = createTestChainWallet('Receiver').address;
    type(view, 'To', receiver);
    button(view, 'Preview send').click();
    await waitFor(() => $send.get().step === 'preview' && $send.get().fee.status === 'ready', 3000, 'review with the fee');
    expect(deepText(view)).to.match(/Network fee 0\.005000 TST Total 1\.505000 TST/);
    expect(await axeViolations()).to.deep.equal([]);
    button(view, 'Send').click();
    expect(await sent).to.equal('cd'.repeat(32));
    expect(wallet.requests).to.include(`transfer:${receiver}:1500000`);
  });

  it('an EVM network while the test chain is connected opens SwitchActiveChain', async () => {
    const el = await mountModal({ networks: [testA, offlineLocal.localhost], defaultNetwork: testA });
    await el.modal.open();
    const row = await waitFor(
      () => deepAll(el, 'w3-connect-view', 'w3-ui-list-item').find((i) => deepText(i).includes('Test Chain Wallet')),
      3000,
      'row',
    );
    (row as HTMLElement).click();
    await waitFor(() => el.modal.getAccount('tst').isConnected, 3000, 'connected');
    await el.modal.open({ view: 'Networks' });
    (await waitFor(() => deep<HTMLElement>(el, 'w3-networks-view', '[data-network="eip155:31337"]'), 3000, 'EVM row')).click();
    await waitFor(() => el.getAttribute('view') === 'SwitchActiveChain', 3000, 'SwitchActiveChain');
  });
});
