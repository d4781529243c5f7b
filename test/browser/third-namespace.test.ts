/**
 * The seam is real: a fourth namespace that is a folder (test/fixtures/chains/cosmos/, the TEST
 * adapter of test/fixtures/test-chain-adapter.ts with its rules and labels, registered through
 * the registry and nothing else) is listed under its own heading in Networks, connects from the
 * Connect view, switches networks, signs through the instance API, and Send uses its address
 * rule, with the stores and views unchanged.
 */
import { expect } from 'chai';
import { registerAdapter } from '../../src/chains/registry.js';
import type { Network } from '../../src/wire/networks.js';
import { createTestChainWallet, type TestChainWallet } from '../fixtures/test-chain-adapter.js';
import { cosmosEntry } from '../fixtures/chains/cosmos/entry.js';
import { isReceiverValid } from '../../src/stores/send/send-rules.js';
import { axeViolations, connectedAndClosed, deep, deepAll, deepText, mountModal, resetAll, waitFor } from './helpers.js';
import { offlineLocal } from '../../src/test-utils/networks.js';

const chain = (id: string, name: string): Network => ({
  id,
  caipNetworkId: `cosmos:${id}`,
  chainNamespace: 'cosmos',
  name,
  nativeCurrency: { name: 'Test', symbol: 'TST', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
});
const testA = chain('testnet', 'Test Chain');
const testB = chain('testnet2', 'Test Chain 2');

let wallet: TestChainWallet;
let unregister: () => void;

describe('a third namespace through the unchanged stores and views (test adapter)', () => {
  beforeEach(() => {
    resetAll();
    wallet = createTestChainWallet();
    unregister = registerAdapter(cosmosEntry([wallet]));
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
    await waitFor(() => el.modal.getAccount('cosmos').isConnected, 3000, 'connected');
    expect(el.modal.getAccount()).to.include({ address: wallet.address, caipAddress: `cosmos:testnet:${wallet.address}` });
    expect(el.modal.getState().activeChain).to.equal('cosmos');
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
    const item = await waitFor(() => deep(el, 'w3-networks-view', '[data-network="cosmos:testnet2"]'), 3000, 'network row');
    // The Networks view grouped by namespace (EVM and the test chain, under its folder's heading) is axe-clean too.
    expect(deepAll(el, 'w3-networks-view', 'h3, h2').length).to.be.greaterThan(1);
    expect(deepAll(el, 'w3-networks-view', 'h3').map((h) => deepText(h))).to.include('Test Chain networks');
    expect(await axeViolations()).to.deep.equal([]);
    (item as HTMLElement).click();
    await waitFor(() => el.modal.getNetwork()?.caipNetworkId === 'cosmos:testnet2', 3000, 'switched');
    expect(wallet.requests).to.include('switch:testnet2');
    expect(el.modal.getAccount('cosmos').caipAddress).to.equal(`cosmos:testnet2:${wallet.address}`);

    const signature = await el.modal.signMessage('hello third chain', { namespace: 'cosmos' });
    expect(wallet.verify('hello third chain', signature)).to.equal(true);
    wallet.mode = 'reject';
    let refusal: unknown;
    await el.modal.signMessage('no').catch((err: unknown) => (refusal = err));
    expect((refusal as Error).message).to.contain('Signature declined');
    expect(await axeViolations()).to.deep.equal([]);

    await el.modal.disconnect('cosmos');
    expect(el.modal.getAccount('cosmos').isConnected).to.equal(false);
    expect(wallet.requests).to.include('disconnect');
  });

  it("Send's receiver rule is the namespace's address rule from its folder", async () => {
    const el = await mountModal({ networks: [testA, offlineLocal.localhost], defaultNetwork: testA });
    await el.modal.open();
    const row = await waitFor(
      () => deepAll(el, 'w3-connect-view', 'w3-ui-list-item').find((i) => deepText(i).includes('Test Chain Wallet')),
      3000,
      'row',
    );
    (row as HTMLElement).click();
    await waitFor(() => el.modal.getAccount('cosmos').isConnected, 3000, 'connected');
    expect(isReceiverValid(wallet.address, 'cosmos')).to.equal(true);
    expect(isReceiverValid('0x0000000000000000000000000000000000000001', 'cosmos')).to.equal(false);
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
    await waitFor(() => el.modal.getAccount('cosmos').isConnected, 3000, 'connected');
    await el.modal.open({ view: 'Networks' });
    (await waitFor(() => deep<HTMLElement>(el, 'w3-networks-view', '[data-network="eip155:31337"]'), 3000, 'EVM row')).click();
    await waitFor(() => el.getAttribute('view') === 'SwitchActiveChain', 3000, 'SwitchActiveChain');
  });
});
