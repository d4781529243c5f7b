import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import type { Passkey } from '../../frame/messages.js';
import { EMBEDDED_USER, type FrameDouble } from '../../test-utils/frame-double.js';
import { endEmbedded, loginHandlers, startEmbedded, until } from '../../test-utils/embedded-stores.js';
import { networks, type Network } from '../../wire/networks.js';
import { storage } from '../app/storage.js';
import { getAccountState } from '../connection/account.js';
import { $modal, openModalOn } from '../ui/modal.js';
import { $router } from '../ui/router.js';
import { $toast, hideToast } from '../ui/toast.js';
import { abortPendingApproval } from './approval.js';
import { $passkeys, loadPasskeys } from './passkey-list.js';
import { addPasskey, clearPasskeyLoginError, loginWithPasskey, removePasskey } from './passkeys.js';
import { forgetUser } from './session.js';
import { $embeddedUser, $frameTask, $passkeyChanges, $passkeyLogin } from './state.js';

const local = (n: Network): Network => ({ ...n, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } });
const EVM = local(networks.localhost);
const SOLANA = local(networks.solanaLocal);

const KEY_A: Passkey = { id: 'cred-a', name: 'Chrome on Linux', createdAt: Date.UTC(2026, 0, 2), lastUsedAt: null, prf: true };
const KEY_B: Passkey = { id: 'cred-b', name: 'iPhone', createdAt: Date.UTC(2026, 1, 3), lastUsedAt: null, prf: false };

let frame: FrameDouble;
const toastCode = (): string | undefined => ($toast.get().open ? ($toast.get().message as { code?: string }).code : undefined);
const callTypes = (): string[] => frame.calls.map((c) => c.type);

beforeEach(() => {
  $passkeyLogin.set({ step: 'idle', error: undefined });
  frame = startEmbedded(
    { ...loginHandlers(), ConnectPasskey: () => ({}), ListPasskeys: () => ({ passkeys: [KEY_A] }) },
    { networks: [EVM, SOLANA] },
  );
});

afterEach(() => {
  endEmbedded();
  hideToast();
});

describe('passkey login', () => {
  it('ConnectPasskey, then the user connects on both namespaces and the modal closes', async () => {
    const login = loginWithPasskey();
    expect($passkeyLogin.get().step).toBe('working');
    await login;
    expect(callTypes().filter((t) => t === 'ConnectPasskey' || t === 'GetUser')).toEqual(['ConnectPasskey', 'GetUser']);
    expect($passkeyLogin.get()).toEqual({ step: 'idle', error: undefined });
    expect($embeddedUser.get()?.address).toBe(EMBEDDED_USER.address);
    expect(getAccountState('eip155').status).toBe('connected');
    expect(getAccountState('solana').status).toBe('connected');
    expect($modal.get().open).toBe(false);
    expect(storage.get('emailLoginUsed')).toBe(true);
  });

  it('keeps a failure in $passkeyLogin (no user, Connect stays) until the user acts', async () => {
    frame.handlers.ConnectPasskey = () => Promise.reject(new EmbeddedWalletError('No passkey for this site'));
    await loginWithPasskey();
    expect($passkeyLogin.get().step).toBe('error');
    expect(($passkeyLogin.get().error as Error).message).toBe('No passkey for this site');
    expect($embeddedUser.get()).toBeUndefined();
    expect($router.get().view).toBe('Connect');
    expect(callTypes()).not.toContain('GetUser');
    // Still there a while later: not a toast that fades.
    await new Promise((r) => setTimeout(r, 30));
    expect($passkeyLogin.get().step).toBe('error');
    clearPasskeyLoginError();
    expect($passkeyLogin.get()).toEqual({ step: 'idle', error: undefined });
    // Trying again clears it and works.
    frame.handlers.ConnectPasskey = () => ({});
    await loginWithPasskey();
    expect($passkeyLogin.get().step).toBe('idle');
    expect($modal.get().open).toBe(false);
  });

  it('starts one login at a time', async () => {
    let finish!: () => void;
    frame.handlers.ConnectPasskey = () => new Promise<object>((r) => (finish = () => r({})));
    const first = loginWithPasskey();
    await until(() => finish !== undefined);
    await loginWithPasskey();
    expect(callTypes().filter((t) => t === 'ConnectPasskey')).toHaveLength(1);
    finish();
    await first;
  });
});

describe('the account passkeys', () => {
  beforeEach(async () => {
    await loginWithPasskey();
    // The login closed the modal (issue 28); the passkeys are managed from Account, opened again.
    expect($modal.get().open).toBe(false);
    openModalOn('Account');
  });

  it('loads while something listens (the Passkeys view starts nothing), keyed by the user: signed out, no list and no request', async () => {
    const lists = () => callTypes().filter((t) => t === 'ListPasskeys').length;
    const stop = $passkeys.listen(() => undefined);
    try {
      await until(() => $passkeys.get().status === 'ready');
      expect($passkeys.get().list).toEqual([KEY_A]);
      expect(lists()).toBeGreaterThan(0);
      forgetUser();
      expect($passkeys.get()).toEqual({ status: 'idle', list: [], error: undefined, busy: false });
      const after = lists();
      await new Promise((r) => setTimeout(r, 20));
      expect(lists()).toBe(after);
    } finally {
      stop();
    }
  });

  it('loads the list; a failure is kept with the list so far', async () => {
    const loading = loadPasskeys();
    expect($passkeys.get().status).toBe('loading');
    await loading;
    expect($passkeys.get()).toMatchObject({ status: 'ready', list: [KEY_A], error: undefined });
    frame.handlers.ListPasskeys = () => Promise.reject(new EmbeddedWalletError('Backend unavailable'));
    await loadPasskeys();
    expect($passkeys.get().status).toBe('error');
    expect(($passkeys.get().error as Error).message).toBe('Backend unavailable');
    expect($passkeys.get().list).toEqual([KEY_A]);
  });

  it("adding shows the frame's Create passkey screen without a timeout, then ends it, reloads and says 'Passkey added'", async () => {
    let finish!: () => void;
    frame.handlers.AddPasskey = () => new Promise((r) => (finish = () => r({ passkey: KEY_B })));
    frame.handlers.ListPasskeys = () => ({ passkeys: [KEY_A] });
    const adding = addPasskey();
    await until(() => $frameTask.get() !== undefined);
    expect($frameTask.get()).toEqual({ kind: 'passkey' });
    expect($router.get().view).toBe('ApproveTransaction');
    expect($passkeys.get().busy).toBe(true);
    await until(() => finish !== undefined);
    expect(frame.calls.find((c) => c.type === 'AddPasskey')?.timeoutMs).toBeNull();
    frame.handlers.ListPasskeys = () => ({ passkeys: [KEY_A, KEY_B] });
    finish();
    await adding;
    expect($frameTask.get()).toBeUndefined();
    expect($router.get().view).toBe('Account');
    expect($passkeys.get()).toMatchObject({ status: 'ready', list: [KEY_A, KEY_B], busy: false, error: undefined });
    await until(() => toastCode() === 'PASSKEY_ADDED');
    expect($toast.get().variant).toBe('success');
  });

  it('a cancel (4001) is quiet; leaving the screen ends it quietly; another failure is kept', async () => {
    frame.handlers.AddPasskey = () => Promise.reject(new EmbeddedWalletError('User rejected the request.', { code: 4001 }));
    const lists = () => callTypes().filter((t) => t === 'ListPasskeys').length;
    const before = lists();
    await addPasskey();
    expect($frameTask.get()).toBeUndefined();
    expect($passkeyChanges.get()).toEqual({ busy: false, error: undefined });
    expect(lists()).toBe(before);

    delete frame.handlers.AddPasskey;
    const leaving = addPasskey();
    await until(() => $frameTask.get()?.kind === 'passkey');
    abortPendingApproval();
    await leaving;
    expect($frameTask.get()).toBeUndefined();
    expect($passkeyChanges.get()).toEqual({ busy: false, error: undefined });

    frame.handlers.AddPasskey = () => Promise.reject(new EmbeddedWalletError('Passkey registration failed'));
    await addPasskey();
    expect($frameTask.get()).toBeUndefined();
    expect(($passkeyChanges.get().error as Error).message).toBe('Passkey registration failed');
    expect(toastCode()).toBeUndefined();
  });

  it("removing asks the frame, is busy meanwhile, reloads the list and says 'Passkey removed'", async () => {
    frame.handlers.ListPasskeys = () => ({ passkeys: [KEY_A, KEY_B] });
    await loadPasskeys();
    let finish!: () => void;
    frame.handlers.RemovePasskey = () => new Promise<object>((r) => (finish = () => r({})));
    const removing = removePasskey('cred-b');
    expect($passkeys.get().busy).toBe(true);
    await until(() => finish !== undefined);
    // One change at a time.
    await removePasskey('cred-a');
    expect(frame.calls.filter((c) => c.type === 'RemovePasskey').map((c) => c.payload)).toEqual([{ id: 'cred-b' }]);
    frame.handlers.ListPasskeys = () => ({ passkeys: [KEY_A] });
    finish();
    await removing;
    expect($passkeys.get()).toMatchObject({ status: 'ready', list: [KEY_A], busy: false });
    await until(() => toastCode() === 'PASSKEY_REMOVED');
  });

  it('a failed removal keeps the list and the error', async () => {
    await loadPasskeys();
    frame.handlers.RemovePasskey = () => Promise.reject(new EmbeddedWalletError('Passkey not found'));
    await removePasskey('cred-a');
    expect($passkeys.get()).toMatchObject({ status: 'ready', list: [KEY_A], busy: false });
    expect(($passkeys.get().error as Error).message).toBe('Passkey not found');
  });

  it('signing out forgets the list', async () => {
    await loadPasskeys();
    forgetUser();
    expect($passkeys.get()).toEqual({ status: 'idle', list: [], error: undefined, busy: false });
  });
});
