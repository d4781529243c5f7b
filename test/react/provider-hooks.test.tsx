/**
 * Issue 28 item 14 on a real connection: useW3Provider (the connected wallet's provider and how
 * it is connected), useW3AuthStatus (Sign in with X: unauthenticated, loading, authenticated)
 * and the instance's getAuthStatus / subscribeAuthStatus, `chainId` in useW3Network, and
 * `w3-connect`'s `detail.restored`. The test EIP-1193 wallet (EIP-6963, signing locally) connects
 * through the Connect view; the SIWXConfig is the real in-memory one (real signatures).
 *
 * Bundled by scripts/bundle-react-test.mjs; web-test-runner runs the bundle in Chromium.
 */
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { EIP1193Provider } from 'viem';
import {
  createW3Modal,
  networks,
  useW3AuthStatus,
  useW3Network,
  useW3Provider,
  type AuthStatus,
  type UseW3ProviderResult,
  type W3ModalInstance,
} from '../../src/react/index.js';
import { createMemorySiwx, type MemorySiwx } from '../../src/test-utils/memory-siwx.js';
import { createTestWallet, type TestWallet } from '../fixtures/eip1193-wallet.js';
import { deep, waitFor } from '../browser/helpers.js';

declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void | Promise<void>): void;
declare function before(fn: () => void | Promise<void>): void;
declare function after(fn: () => void | Promise<void>): void;

interface Seen {
  provider: UseW3ProviderResult<EIP1193Provider>;
  auth: AuthStatus;
  chainId: number | string | undefined;
}

let seen: Seen | undefined;
const renders: Seen[] = [];

function Probe() {
  seen = { provider: useW3Provider('eip155'), auth: useW3AuthStatus(), chainId: useW3Network().chainId };
  renders.push(seen);
  return null;
}

const now = (): Seen => seen!;

describe('useW3Provider, useW3AuthStatus, chainId and w3-connect restored', () => {
  let wallet: TestWallet;
  let siwx: MemorySiwx;
  let modal: W3ModalInstance;
  let root: Root;
  let container: HTMLDivElement;
  const statuses: AuthStatus[] = [];
  const connects: { restored: boolean }[] = [];
  let stopStatus: () => void = () => undefined;

  before(async () => {
    wallet = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'Provider Wallet',
      rdns: 'dev.w3kit.provider',
      storageKey: false,
    });
    siwx = createMemorySiwx({ statement: 'Sign in to the hooks test' });
    modal = createW3Modal({ networks: [networks.localhost], siwx, metadata: { name: 'w3kit provider hooks test' } });
    document.addEventListener('w3-connect', (e) => connects.push({ restored: e.detail.restored }));
    stopStatus = modal.subscribeAuthStatus((s) => statuses.push(s));
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    flushSync(() => root.render(<Probe />));
  });

  after(() => {
    stopStatus();
    root.unmount();
    container.remove();
    wallet.remove();
  });

  it('starts with no provider, unauthenticated, and the chain id of the active network', () => {
    expect(now().provider).to.deep.equal({ walletProvider: undefined, walletProviderType: undefined });
    expect(now().auth).to.equal('unauthenticated');
    expect(modal.getAuthStatus()).to.equal('unauthenticated');
    expect(statuses).to.deep.equal(['unauthenticated']);
    expect(now().chainId).to.equal(31337);
  });

  it('follows a connection: the provider and its type; sign-in asks (modal stays open), then authenticated and closed', async () => {
    await modal.open({ view: 'Connect' });
    const view = await waitFor(() => deep(document.querySelector('w3-modal')!, 'w3-connect-view'), 4000, 'the connect view');
    const item = await waitFor(
      () => Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === 'Provider Wallet'),
      4000,
      'the Provider Wallet row',
    );
    deep<HTMLElement>(item, 'button')!.click();
    await waitFor(() => now().provider.walletProvider, 4000, 'the provider');
    expect(now().provider.walletProvider).to.equal(modal.getWalletProvider('eip155'));
    expect(now().provider.walletProviderType).to.equal('ANNOUNCED');
    expect(connects).to.deep.equal([{ restored: false }]);
    // No session yet: SIWXSignMessage asks first, the modal stays open.
    const sign = await waitFor(() => deep<HTMLElement>(document.querySelector('w3-modal')!, 'w3-siwx-sign-message-view'), 4000, 'SIWX');
    expect(now().auth).to.equal('unauthenticated');
    expect(modal.getState().open).to.equal(true);
    expect(statuses).to.include('loading');
    const button = await waitFor(() => deep<HTMLButtonElement>(sign, 'w3-ui-button[data-sign]', 'button:not([disabled])'), 4000, 'Sign');
    button.click();
    await waitFor(() => now().auth === 'authenticated', 6000, 'authenticated');
    expect(modal.getAuthStatus()).to.equal('authenticated');
    await waitFor(() => !modal.getState().open, 2000, 'the modal closed after signing');
    expect(siwx.sessions.size).to.equal(1);
  });

  it("on a chain the app does not support, chainId is that chain's own id: a number on eip155", async () => {
    wallet.setChain(424242);
    await waitFor(() => now().chainId !== 31337, 4000, 'the unsupported chain id');
    expect(now().chainId).to.equal(424242);
    expect(modal.getNetwork()).to.equal(undefined);
    modal.close();
  });

  it('a disconnect clears the provider and the sign-in status', async () => {
    await modal.disconnect();
    await waitFor(() => now().provider.walletProvider === undefined, 4000, 'no provider');
    expect(now().provider.walletProviderType).to.equal(undefined);
    expect(now().auth).to.equal('unauthenticated');
    expect(statuses.at(-1)).to.equal('unauthenticated');
  });
});
