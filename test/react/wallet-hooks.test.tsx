/**
 * The wallet hooks (useW3Connections, useW3Balance, useW3SignMessage, useW3SendTransaction,
 * useW3Disconnect, useW3Events) on a real connection: the test EIP-1193 wallet (EIP-6963,
 * signing locally with viem) connected through the modal's Connect view. Its JSON-RPC node is
 * unreachable here (port 9), so the chain read of the balance fails as it does offline; a
 * transaction landing on a chain, and the balance a chain reads, are in test/e2e/react-hooks.test.ts.
 *
 * Bundled by scripts/bundle-react-test.mjs; web-test-runner runs the bundle in Chromium.
 */
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { verifyMessage } from 'viem';
import {
  createW3Modal,
  useW3Balance,
  useW3Connections,
  useW3Disconnect,
  useW3Events,
  useW3SendTransaction,
  useW3SignMessage,
  type W3Event,
  type W3ModalInstance,
} from '../../src/react/index.js';
import { createTestWallet, type TestWallet } from '../fixtures/eip1193-wallet.js';
import { deep, waitFor } from '../browser/helpers.js';
import { $nativeBalances, balanceKey } from '../../src/stores/connection/native-balance.js';
import { emitEvent } from '../../src/stores/app/events.js';
import { offlineLocal } from '../../src/test-utils/networks.js';

declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void | Promise<void>): void;
declare function before(fn: () => void | Promise<void>): void;
declare function after(fn: () => void | Promise<void>): void;

interface Hooks {
  connections: ReturnType<typeof useW3Connections>;
  balance: ReturnType<typeof useW3Balance>;
  sign: ReturnType<typeof useW3SignMessage>;
  send: ReturnType<typeof useW3SendTransaction>;
  disconnect: ReturnType<typeof useW3Disconnect>;
}

let hooks: Hooks | undefined;
let renders = 0;
/** Whether a render saw useW3Disconnect pending (a disconnect may settle before a test could look). */
let sawDisconnectPending = false;
const events: W3Event[] = [];

function Probe({ onEvent }: { onEvent: (event: W3Event) => void }) {
  renders++;
  hooks = {
    connections: useW3Connections(),
    balance: useW3Balance(),
    sign: useW3SignMessage(),
    send: useW3SendTransaction(),
    disconnect: useW3Disconnect(),
  };
  if (hooks.disconnect.isPending) sawDisconnectPending = true;
  useW3Events(onEvent);
  return null;
}

const now = (): Hooks => hooks!;

/** Lets the wallet's gated requests wait until the test answers them ('prompt' mode). */
let answer: ((approve: boolean) => void) | undefined;
const prompted = (): Promise<boolean> => new Promise((resolve) => (answer = resolve));

describe('wallet hooks', () => {
  let wallet: TestWallet;
  let modal: W3ModalInstance;
  let root: Root;
  let container: HTMLDivElement;

  before(async () => {
    wallet = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'Hooks Wallet',
      rdns: 'dev.w3kit.hooks',
      accounts: 2,
      storageKey: false,
      prompt: prompted,
    });
    modal = createW3Modal({ networks: [offlineLocal.localhost], metadata: { name: 'w3kit hooks test' } });
    emitEvent('VIEW_CHANGE', { view: 'before-mount' }); // not replayed on mount
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    // A new inline callback on every render: still one subscription, the latest callback called.
    flushSync(() => root.render(<Probe onEvent={(e) => events.push(e)} />));
    flushSync(() => root.render(<Probe onEvent={(e) => events.push(e)} />));
  });

  after(() => {
    root.unmount();
    container.remove();
    wallet.remove();
  });

  it('starts disconnected: no connection, no balance, idle actions', () => {
    expect(now().connections).to.deep.equal([]);
    expect(now().balance).to.deep.equal({ balance: undefined, symbol: undefined, isLoading: false });
    for (const action of [now().sign, now().send]) expect(action).to.include({ data: undefined, error: undefined, isPending: false });
    expect(now().disconnect).to.include({ error: undefined, isPending: false });
    expect(events).to.deep.equal([]);
  });

  it('useW3Connections and useW3Events follow a connection made in the modal', async () => {
    await modal.open({ view: 'Connect' });
    const view = await waitFor(() => deep(document.querySelector('w3-modal')!, 'w3-connect-view'), 4000, 'the connect view');
    const item = await waitFor(
      () => Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === 'Hooks Wallet'),
      4000,
      'the Hooks Wallet row',
    );
    deep<HTMLElement>(item, 'button')!.click();
    const [connection] = await waitFor(() => (now().connections.length ? now().connections : undefined), 4000, 'a connection');
    expect(connection).to.deep.include({
      namespace: 'eip155',
      address: wallet.addresses[0],
      caipAddress: `eip155:31337:${wallet.addresses[0]}`,
      walletName: 'Hooks Wallet',
      isActive: true,
    });
    expect(connection!.allAccounts.map((a) => a.address)).to.deep.equal(wallet.addresses.slice(0, 2));
    expect(connection!.connectorId).to.be.a('string');
    const types = events.map((e) => e.type);
    expect(types).to.include('MODAL_OPEN');
    expect(types).to.include('CONNECT_SUCCESS');
    expect(types.filter((t) => t === 'CONNECT_SUCCESS')).to.have.length(1);
    modal.close();

    // The wallet switches account: the connection follows.
    wallet.switchAccount(1);
    await waitFor(() => now().connections[0]?.address === wallet.addresses[1], 4000, 'the second account');
  });

  it('useW3Balance reads the store the Account view shows: unavailable offline, then the figure', async () => {
    // The node is unreachable: the read fails, nothing is loading, the symbol stays.
    await waitFor(() => !now().balance.isLoading, 6000, 'the failed read');
    expect(now().balance).to.deep.equal({ balance: undefined, symbol: 'ETH', isLoading: false });
    const key = balanceKey('eip155:31337', wallet.addresses[1]!);
    $nativeBalances.setKey(key, { status: 'loading', value: undefined, symbol: 'ETH' });
    await waitFor(() => now().balance.isLoading, 2000, 'loading');
    $nativeBalances.setKey(key, { status: 'ready', value: '12.5', symbol: 'ETH' });
    await waitFor(() => now().balance.balance === '12.5', 2000, 'the figure');
    expect(now().balance).to.deep.equal({ balance: '12.5', symbol: 'ETH', isLoading: false });
    // Another account's figure is not this one's.
    $nativeBalances.setKey(balanceKey('eip155:31337', wallet.addresses[0]!), { status: 'ready', value: '99.0', symbol: 'ETH' });
    await new Promise((r) => setTimeout(r, 50));
    expect(now().balance.balance).to.equal('12.5');
  });

  it('useW3SignMessage: pending while the wallet asks, the signature verifies, a refusal is the error', async () => {
    wallet.setMode('prompt');
    answer = undefined;
    const signing = now().sign.signMessage('hello hooks');
    await waitFor(() => now().sign.isPending && answer, 4000, 'pending');
    answer!(true);
    const signature = await signing;
    await waitFor(() => !now().sign.isPending, 2000, 'settled');
    expect(now().sign.data).to.equal(signature);
    expect(now().sign.error).to.equal(undefined);
    expect(
      await verifyMessage({
        address: wallet.addresses[1]! as `0x${string}`,
        message: 'hello hooks',
        signature: signature as `0x${string}`,
      }),
    ).to.equal(true);

    wallet.setMode('reject');
    expect(await now().sign.signMessage('no')).to.equal(undefined);
    await waitFor(() => now().sign.error, 2000, 'the error');
    expect(now().sign).to.include({ data: undefined, isPending: false });
    expect((now().sign.error as Error & { code?: number }).code).to.equal(4001);
  });

  it('useW3SendTransaction: pending while the wallet asks; a refusal and a failed send are its error', async () => {
    wallet.setMode('prompt');
    answer = undefined;
    const tx = { to: wallet.addresses[0]!, value: 1n };
    const sending = now().send.sendTransaction(tx);
    await waitFor(() => now().send.isPending && answer, 4000, 'pending');
    answer!(false);
    expect(await sending).to.equal(undefined);
    await waitFor(() => !now().send.isPending, 2000, 'settled');
    expect((now().send.error as Error & { code?: number }).code).to.equal(4001);

    // Approved, but the node is unreachable: the send fails, and says so.
    wallet.setMode('approve');
    expect(await now().send.sendTransaction(tx)).to.equal(undefined);
    await waitFor(() => now().send.error && (now().send.error as Error & { code?: number }).code !== 4001, 6000, 'the network error');
    expect(now().send).to.include({ data: undefined, isPending: false });
    expect(now().send.error!.message).to.be.a('string').and.not.equal('');
  });

  it('useW3Disconnect disconnects the wallet; the hooks follow; useW3Events stops at unmount', async () => {
    expect(sawDisconnectPending).to.equal(false);
    await now().disconnect.disconnect();
    expect(sawDisconnectPending).to.equal(true);
    await waitFor(() => !now().disconnect.isPending, 2000, 'settled');
    expect(now().disconnect.error).to.equal(undefined);
    expect(modal.getAccount('eip155').isConnected).to.equal(false);
    expect(now().connections).to.deep.equal([]);
    expect(now().balance).to.deep.equal({ balance: undefined, symbol: undefined, isLoading: false });
    expect(events.map((e) => e.type)).to.include('DISCONNECT_SUCCESS');
    expect(events.some((e) => e.data['view'] === 'before-mount')).to.equal(false);

    const count = events.length;
    const rendersBefore = renders;
    root.unmount();
    emitEvent('VIEW_CHANGE', { view: 'after-unmount' });
    expect(events).to.have.length(count);
    expect(renders).to.equal(rendersBefore);
    root = createRoot(container); // for after()
  });
});
