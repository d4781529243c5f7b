/**
 * The sign-in flow's stores with the real test wallet (real signatures) and a real, in-memory
 * SIWXConfig (src/test-utils/memory-siwx.ts): the check after accounts are applied, Sign,
 * refusal, Cancel, account and chain changes, getSessions failures and the sign-out on disconnect.
 */
import { registerSignIn } from '../app/sign-in.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { eip155Adapter } from '../../chains/eip155/adapter.js';
import { networks } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { createMemorySiwx, type MemorySiwx } from '../../test-utils/memory-siwx.js';
import { recordEvents } from '../../test-utils/events.js';
import { setOptions, resetOptions } from '../app/options.js';
import { $accounts, getAccountState } from '../connection/account.js';
import { disconnect } from '../connection/disconnect.js';
import { activate } from '../connection/session.js';
import { $activeNamespace, $activeNetworkIds, $unknownNetwork, initNetworks } from '../network/networks.js';
import { $modal, closeModal } from '../ui/modal.js';
import { $router, resetRouter } from '../ui/router.js';
import { $toast } from '../ui/toast.js';
import { $siwxTarget, SIGN_OUT_WAIT_MS } from './flow.js';
import { $siwxSign, cancelSignIn, prepareSiwxMessage, signInWithWallet } from './sign.js';
import { getSiwxSessions } from './sessions.js';
import { offlineLocal } from '../../test-utils/networks.js';

// configure() registers the SIWX flow; these tests connect without it.
registerSignIn(() => import('./flow.js'));

let w: TestWallet;
let siwx: MemorySiwx;

const until = async (fn: () => boolean, what: string, ms = 3000): Promise<void> => {
  const start = Date.now();
  while (!fn()) {
    if (Date.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

async function connect(options: Partial<{ required: boolean }> = {}, extra: Record<string, unknown> = {}): Promise<void> {
  siwx.required = options.required ?? false;
  setOptions({ networks: [offlineLocal.localhost, networks.mainnet], siwx, ...extra });
  initNetworks();
  const session = await eip155Adapter.connect(w.provider as never, offlineLocal.localhost);
  activate('eip155', 'test', w.provider, eip155Adapter as never, session);
}

const asked = (): boolean => $modal.get().open && $router.get().view === 'SIWXSignMessage' && !!$siwxTarget.get();

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  w = createTestWallet({
    rpcUrls: { 31337: 'http://127.0.0.1:9/' },
    chainId: 31337,
    accounts: 2,
    announce: false,
    storageKey: false,
  } as never);
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

describe('the sign-in check', () => {
  it('opens SIWXSignMessage after a connect without a session, once per account and chain', async () => {
    await connect();
    await until(asked, 'SIWXSignMessage');
    expect($siwxTarget.get()).toEqual({ namespace: 'eip155', address: w.addresses[0], caipNetworkId: 'eip155:31337' });
    expect($modal.get().closeBlocked).toBe(false);
    // The same account applied again (a reconnect of the same wallet) is not checked again.
    activate('eip155', 'test', w.provider, eip155Adapter as never, { accounts: [w.addresses[0]!], chainId: '31337' });
    await new Promise((r) => setTimeout(r, 50));
    expect(siwx.calls.filter((c) => c.startsWith('getSessions'))).toEqual([`getSessions eip155:31337 ${w.addresses[0]}`]);
  });

  it('signs with the wallet, adds the verified session, closes the modal; a later restore asks nothing', async () => {
    const { events, stop } = recordEvents();
    await connect({ required: true });
    await until(asked, 'SIWXSignMessage');
    expect($modal.get().closeBlocked).toBe(true);
    expect(closeModal()).toBe(false);
    await prepareSiwxMessage();
    expect($siwxSign.get().message?.statement).toBe('Sign in to the test app');
    expect(await signInWithWallet()).toBe(true);
    stop();
    expect($modal.get()).toMatchObject({ open: false, closeBlocked: false });
    const [session] = siwx.sessions.values();
    expect(session?.signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(session?.message).toBe($siwxSign.get().message?.toString());
    expect(events.filter((e) => e.type === 'SIWX_AUTH_SUCCESS').map((e) => e.data)).toEqual([
      { namespace: 'eip155', address: w.addresses[0], caipNetworkId: 'eip155:31337' },
    ]);
    expect(await getSiwxSessions()).toEqual([session]);
    // A reload: the account goes and comes back with the session kept.
    const checks = (): number => siwx.calls.filter((c) => c.startsWith('getSessions')).length;
    const before = checks();
    $accounts.set({});
    activate('eip155', 'test', w.provider, eip155Adapter as never, { accounts: [w.addresses[0]!], chainId: '31337' });
    await until(() => checks() === before + 1, 'the check after the restore');
    await new Promise((r) => setTimeout(r, 20));
    expect($modal.get().open).toBe(false);
  });

  it("a refusal keeps the view with 'Signature declined' (4001); Sign again signs a new message", async () => {
    await connect();
    await until(asked, 'SIWXSignMessage');
    await prepareSiwxMessage();
    const first = $siwxSign.get().message!;
    w.setMode('reject');
    expect(await signInWithWallet()).toBe(false);
    expect($siwxSign.get().error).toMatchObject({ code: 4001, shortMessage: 'Signature declined' });
    expect(asked()).toBe(true);
    w.setMode('approve');
    expect(await signInWithWallet()).toBe(true);
    const signed = [...siwx.sessions.values()][0]!;
    expect(signed.data.nonce).not.toBe(first.nonce);
    expect(siwx.calls.filter((c) => c.startsWith('createMessage'))).toHaveLength(2);
  });

  it('the view coming back while the wallet is asked (WalletConnect shows ApproveInWallet meanwhile) keeps that Sign', async () => {
    await connect();
    await until(asked, 'SIWXSignMessage');
    await prepareSiwxMessage();
    const shown = $siwxSign.get().message!;
    const signing = signInWithWallet();
    // A new view element for the same account prepares again while the wallet is asked: nothing
    // is rebuilt, and the Sign goes on to add its session.
    await prepareSiwxMessage();
    expect($siwxSign.get().message).toBe(shown);
    expect($siwxSign.get().busy).toBe(true);
    expect(await signing).toBe(true);
    expect([...siwx.sessions.values()][0]!.data.nonce).toBe(shown.nonce);
  });

  it('Cancel when required disconnects and closes; when optional it closes and stays connected', async () => {
    await connect({ required: true });
    await until(asked, 'SIWXSignMessage');
    await cancelSignIn();
    expect($modal.get()).toMatchObject({ open: false, closeBlocked: false });
    expect(getAccountState('eip155').status).toBe('disconnected');

    await connect({ required: false });
    await until(asked, 'SIWXSignMessage');
    await cancelSignIn();
    expect($modal.get().open).toBe(false);
    expect(getAccountState('eip155').status).toBe('connected');
    expect(siwx.sessions.size).toBe(0);
  });

  it('asks again on another account and on another chain without a session', async () => {
    await connect();
    await until(asked, 'SIWXSignMessage');
    expect(await signInWithWallet()).toBe(true);
    w.switchAccount(1);
    await until(() => asked() && $siwxTarget.get()?.address === w.addresses[1], 'the second account asked');
    expect(await signInWithWallet()).toBe(true);
    w.setChain(1);
    await until(() => asked() && $siwxTarget.get()?.caipNetworkId === 'eip155:1', 'mainnet asked');
  });

  it('a connecting flow moving to Account after success does not skip the sign-in', async () => {
    await connect();
    await until(asked, 'SIWXSignMessage');
    resetRouter('Account');
    expect($router.get().view).toBe('SIWXSignMessage');
  });

  it('a failing getSessions shows its message and counts as no session', async () => {
    siwx.failGetSessions = new Error('Session store unreachable');
    const { events, stop } = recordEvents();
    await connect();
    await until(asked, 'SIWXSignMessage');
    stop();
    expect($toast.get()).toMatchObject({ open: true, variant: 'error' });
    expect(($toast.get().message as { error?: Error }).error?.message).toBe('Session store unreachable');
    expect(events.find((e) => e.type === 'SIWX_AUTH_ERROR')?.data).toEqual({ message: 'Session store unreachable' });
  });
});

describe('sign-out on disconnect', () => {
  it('revokes the session of the disconnected account before it is reset, then SIWX_SIGN_OUT', async () => {
    await connect();
    await until(asked, 'SIWXSignMessage');
    expect(await signInWithWallet()).toBe(true);
    const { events, stop } = recordEvents();
    await disconnect();
    stop();
    expect(siwx.calls.at(-1)).toBe(`revokeSession eip155:31337 ${w.addresses[0]}`);
    expect(siwx.sessions.size).toBe(0);
    expect(events.map((e) => e.type)).toEqual(['SIWX_SIGN_OUT', 'DISCONNECT_SUCCESS']);
    expect(await getSiwxSessions()).toEqual([]);
  });

  it('a slow revoke holds the disconnect at most 3 s; signOutOnDisconnect false revokes nothing', async () => {
    await connect();
    await until(asked, 'SIWXSignMessage');
    siwx.revokeDelayMs = 60_000;
    const start = Date.now();
    await disconnect();
    const took = Date.now() - start;
    expect(took).toBeGreaterThanOrEqual(SIGN_OUT_WAIT_MS - 50);
    expect(took).toBeLessThan(SIGN_OUT_WAIT_MS + 1000);
    expect(getAccountState('eip155').status).toBe('disconnected');

    siwx.revokeDelayMs = 0;
    siwx.signOutOnDisconnect = false;
    await connect();
    await until(asked, 'SIWXSignMessage');
    const before = siwx.calls.length;
    await disconnect();
    expect(siwx.calls.slice(before).filter((c) => c.startsWith('revokeSession'))).toEqual([]);
  });
});
