/**
 * Issue 28 item 8: a connection made from the connect flow closes the modal (AppKit and RainbowKit
 * do); with sign-in with X set, its check answers first and SIWXSignMessage asks when there is no
 * session; a wallet added from ProfileWallets goes back there; a person who went elsewhere stays.
 * Also the SIWX authentication status (item 14) along the way. The real test wallet and the
 * in-memory SIWXConfig, as in src/stores/siwx/flow.test.ts.
 */
import { registerSignIn } from '../app/sign-in.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { eip155Adapter } from '../../chains/eip155/adapter.js';
import { networks } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { createMemorySiwx, type MemorySiwx } from '../../test-utils/memory-siwx.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { disconnect } from '../connection/disconnect.js';
import { activate } from '../connection/session.js';
import { $activeNamespace, $activeNetworkIds, $unknownNetwork, initNetworks } from '../network/networks.js';
import { $authStatus } from '../connection/auth-status.js';
import { signInWithWallet, prepareSiwxMessage } from '../siwx/sign.js';
import { leaveConnectFlow } from './after-connect.js';
import { $modal, closeModal, openModalOn } from './modal.js';
import { $router, pushView, resetRouter } from './router.js';

// configure() registers the SIWX flow; these tests connect without it.
registerSignIn(() => import('../siwx/flow.js'));

let w: TestWallet;
let siwx: MemorySiwx;

/** The wallet connects, as connectNamespace does once the wallet said yes. */
async function walletConnects(): Promise<void> {
  const session = await eip155Adapter.connect(w.provider as never, networks.localhost);
  activate('eip155', 'test', w.provider, eip155Adapter as never, session);
}

function configure(withSiwx: boolean): void {
  setOptions({ networks: [networks.localhost], ...(withSiwx ? { siwx } : {}) });
  initNetworks();
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  w = createTestWallet({ rpcUrls: { 31337: 'http://127.0.0.1:9/' }, chainId: 31337, announce: false, storageKey: false } as never);
  siwx = createMemorySiwx({ statement: 'Sign in to the test app' });
});

afterEach(async () => {
  $modal.setKey('closeBlocked', false);
  await disconnect();
  closeModal();
  $accounts.set({});
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  $unknownNetwork.set(undefined);
  resetRouter('Connect');
  resetOptions();
  vi.unstubAllGlobals();
});

describe('after a connection from the connect flow', () => {
  it('closes the modal (its view back to Connect) after a wallet connected from ConnectingExternal', async () => {
    configure(false);
    openModalOn('Connect');
    pushView('ConnectingExternal', { connectorId: 'test' });
    await walletConnects();
    await leaveConnectFlow();
    expect($modal.get().open).toBe(false);
    expect($router.get().view).toBe('Connect');
    // A dApp that wants the account shown opens it.
    openModalOn('Account');
    expect($router.get().view).toBe('Account');
  });

  it('goes back to ProfileWallets after a wallet added from there', async () => {
    configure(false);
    openModalOn('Account');
    pushView('ProfileWallets');
    pushView('Connect');
    pushView('ConnectingExternal', { connectorId: 'test' });
    await walletConnects();
    await leaveConnectFlow();
    expect($modal.get().open).toBe(true);
    // Back there as if by Back: Back again leads to Account.
    expect($router.get()).toMatchObject({ view: 'ProfileWallets', history: ['Account', 'ProfileWallets'] });
  });

  it('leaves a person who went to another view meanwhile where they are', async () => {
    configure(false);
    openModalOn('Connect');
    pushView('Networks');
    await walletConnects();
    await leaveConnectFlow();
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('Networks');
  });

  it('with SIWX and no session: SIWXSignMessage asks first, and signing closes the modal', async () => {
    configure(true);
    openModalOn('Connect');
    pushView('ConnectingExternal', { connectorId: 'test' });
    expect($authStatus.get()).toBe('unauthenticated');
    patchAccount('eip155', { status: 'connecting' });
    expect($authStatus.get()).toBe('loading');
    await walletConnects();
    await leaveConnectFlow();
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('SIWXSignMessage');
    expect($authStatus.get()).toBe('unauthenticated');
    await prepareSiwxMessage();
    expect(await signInWithWallet()).toBe(true);
    expect($modal.get().open).toBe(false);
    expect($authStatus.get()).toBe('authenticated');
    await disconnect();
    expect($authStatus.get()).toBe('unauthenticated');
  });

  it('with SIWX and a live session: waits for the check (loading meanwhile), then closes', async () => {
    configure(true);
    // A session of this account already exists (signed earlier; kept across the disconnect).
    siwx.signOutOnDisconnect = false;
    openModalOn('Connect');
    await walletConnects();
    await vi.waitFor(() => expect($router.get().view).toBe('SIWXSignMessage'));
    await prepareSiwxMessage();
    expect(await signInWithWallet()).toBe(true);
    await disconnect();
    // Connect again: the check is slow; the status is loading and the modal waits for it.
    let answer!: () => void;
    const slow = siwx.getSessions.bind(siwx);
    siwx.getSessions = async (chainId, address) => {
      await new Promise<void>((r) => (answer = r));
      return slow(chainId, address);
    };
    openModalOn('Connect');
    pushView('ConnectingExternal', { connectorId: 'test' });
    await walletConnects();
    const leaving = leaveConnectFlow();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    expect($authStatus.get()).toBe('loading');
    expect($modal.get().open).toBe(true);
    answer();
    await leaving;
    expect($authStatus.get()).toBe('authenticated');
    expect($modal.get().open).toBe(false);
  });
});
