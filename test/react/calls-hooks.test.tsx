/**
 * EIP-5792 from React: useW3SendCalls / useW3CallsStatus, and wagmi's own useSendCalls /
 * useCallsStatus / useShowCallsStatus through the W3WagmiAdapter, on a real connection: the test
 * EIP-1193 wallet with its EIP-5792 (EIP-6963) connected through the modal, on web-test-runner's
 * Hardhat node (window.__W3_EVM_URL__). Each batch of two calls lands both on chain; the status
 * goes 100 -> 200 with both receipts.
 *
 * Bundled by scripts/bundle-react-test.mjs; web-test-runner runs the bundle in Chromium.
 */
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WagmiProvider, useCallsStatus, useSendCalls, useShowCallsStatus } from 'wagmi';
import { createW3Modal, networks, useW3CallsStatus, useW3SendCalls, type Network, type W3ModalInstance } from '../../src/react/index.js';
import { W3WagmiAdapter } from '../../src/wagmi/index.js';
import { $router } from '../../src/stores/ui/router.js';
import { createTestWallet, type TestWallet } from '../fixtures/eip1193-wallet.js';
import { deep, waitFor } from '../browser/helpers.js';

declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void | Promise<void>): void;
declare function before(fn: () => void | Promise<void>): void;
declare function after(fn: () => void | Promise<void>): void;

const EVM = (window as unknown as { __W3_EVM_URL__: string }).__W3_EVM_URL__;
const local: Network = { ...networks.localhost, rpcUrls: { default: { http: [EVM] } } };
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const C = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
  const res = await fetch(EVM, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};
const balance = async (address: string) => BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string);

let w3Id: string | undefined;
let wagmiId: string | undefined;
let hooks:
  | {
      send: ReturnType<typeof useW3SendCalls>;
      status: ReturnType<typeof useW3CallsStatus>;
      wagmiSend: ReturnType<typeof useSendCalls>;
      wagmiStatus: { data?: { statusCode?: number; receipts?: { status: string }[] } };
      wagmiShow: ReturnType<typeof useShowCallsStatus>;
    }
  | undefined;

function Probe() {
  hooks = {
    send: useW3SendCalls(),
    status: useW3CallsStatus(w3Id, { pollMs: 50 }),
    wagmiSend: useSendCalls(),
    wagmiStatus: useCallsStatus({
      id: wagmiId ?? '',
      query: { enabled: !!wagmiId, refetchInterval: (q) => (q.state.data?.statusCode === 200 ? false : 50) },
    }),
    wagmiShow: useShowCallsStatus(),
  };
  return null;
}
const now = () => hooks!;

describe('EIP-5792 hooks', () => {
  let wallet: TestWallet;
  let modal: W3ModalInstance;
  let root: Root;
  let container: HTMLDivElement;
  const render = () => flushSync(() => root.render(<Providers />));
  const adapter = new W3WagmiAdapter({ networks: [local] });
  const queryClient = new QueryClient();
  function Providers() {
    return (
      <WagmiProvider config={adapter.wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <Probe />
        </QueryClientProvider>
      </WagmiProvider>
    );
  }

  before(async () => {
    wallet = createTestWallet({
      rpcUrls: { 31337: EVM },
      chainId: 31337,
      name: 'Calls Hooks Wallet',
      rdns: 'dev.w3kit.calls-hooks',
      storageKey: false,
      eip5792: true,
    });
    modal = createW3Modal({ networks: [local], adapters: [adapter], metadata: { name: 'w3kit calls hooks test' } });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    render();
    await modal.open({ view: 'Connect' });
    const view = await waitFor(() => deep(document.querySelector('w3-modal')!, 'w3-connect-view'), 4000, 'the connect view');
    const item = await waitFor(
      () => Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === 'Calls Hooks Wallet'),
      4000,
      'the wallet row',
    );
    deep<HTMLElement>(item, 'button')!.click();
    await waitFor(() => modal.getAccount('eip155').isConnected, 5000, 'connected');
  });

  after(async () => {
    root.unmount();
    container.remove();
    wallet.remove();
    await rpc('evm_setAutomine', [true]);
  });

  it('useW3SendCalls sends two calls; useW3CallsStatus is pending (100) until mined, then 200 with both receipts', async () => {
    const [b0, c0] = [await balance(B), await balance(C)];
    await rpc('evm_setAutomine', [false]);
    const sent = await now().send.sendCalls({
      calls: [
        { to: B, value: 300n },
        { to: C, value: 400n },
      ],
    });
    await waitFor(() => now().send.data?.id === sent?.id, 2000, 'the id in data');
    w3Id = sent!.id;
    render();
    await waitFor(() => now().status.data?.status === 100, 3000, 'pending');
    expect(now().status.isPending).to.equal(true);
    await rpc('evm_mine');
    await waitFor(() => now().status.data?.status === 200, 4000, 'confirmed');
    expect(now().status.isPending).to.equal(false);
    expect(now().status.data!.receipts.map((r) => r.status)).to.deep.equal(['success', 'success']);
    expect((await balance(B)) - b0).to.equal(300n);
    expect((await balance(C)) - c0).to.equal(400n);
    await rpc('evm_setAutomine', [true]);
  });

  it('useW3SendCalls refuses a malformed call naming the field, without asking the wallet', async () => {
    const before = wallet.requests.filter((r) => r.method === 'wallet_sendCalls').length;
    expect(await now().send.sendCalls({ calls: [{ to: B.slice(2) }] })).to.equal(undefined);
    await waitFor(() => now().send.error, 2000, 'the error');
    expect((now().send.error as Error & { shortMessage?: string }).shortMessage).to.equal('Invalid calls[0].to: it must start with 0x');
    expect(wallet.requests.filter((r) => r.method === 'wallet_sendCalls').length).to.equal(before);
  });

  it("wagmi's useSendCalls and useCallsStatus work through the W3WagmiAdapter; useShowCallsStatus opens the CallsStatus view", async () => {
    await waitFor(() => adapter.wagmiConfig.state.status === 'connected', 5000, 'wagmi connected');
    const [b0, c0] = [await balance(B), await balance(C)];
    const { id } = await now().wagmiSend.mutateAsync({
      calls: [
        { to: B, value: 500n },
        { to: C, value: 600n },
      ],
    });
    wagmiId = id;
    render();
    await waitFor(() => now().wagmiStatus.data?.statusCode === 200, 5000, 'wagmi confirmed');
    expect(now().wagmiStatus.data!.receipts!.map((r) => r.status)).to.deep.equal(['success', 'success']);
    expect((await balance(B)) - b0).to.equal(500n);
    expect((await balance(C)) - c0).to.equal(600n);

    await now().wagmiShow.mutateAsync({ id });
    await waitFor(() => $router.get().view === 'CallsStatus', 3000, 'the CallsStatus view');
    const view = await waitFor(() => deep(document.querySelector('w3-modal')!, 'w3-calls-status-view'), 3000, 'the view');
    await waitFor(() => deep(view, '[data-phase="confirmed"]'), 4000, 'confirmed in the view');
    modal.close();
  });
});
