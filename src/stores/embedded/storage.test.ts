/**
 * After a fresh login the modal learns whether the frame keeps it (issue 32, a frame on another
 * site): nothing shows when it does; a frame that may ask shows its 'Stay logged in' screen in
 * ApproveTransaction (the modal opens for it after the login closed it) and closes after; when
 * the login lasts only until a reload the modal says so once (SESSION_ONLY_LOGIN).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertText } from '../../elements/l10n/alerts.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { EMBEDDED_USER, installFrameDouble, type FrameDouble } from '../../test-utils/frame-double.js';
import { networks, type Network } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $accounts } from '../connection/account.js';
import { $activeConnectorIds, $connectors } from '../connection/connectors.js';
import { initConnectors } from '../connection/discovery.js';
import { initEmbedded } from './connector.js';
import { $activeNamespace, initNetworks } from '../network/networks.js';
import { $alert, resetAlerts } from '../ui/alerts.js';
import { $modal } from '../ui/modal.js';
import { $router, resetRouter } from '../ui/router.js';
import { submitEmail, submitOtp, restoreEmbedded } from './actions.js';
import { destroyFrame, setBridgeLoader } from './frame.js';
import { forgetUser } from './session.js';
import { $emailLogin, $frameTask } from './state.js';

const local = (n: Network): Network => ({ ...n, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } });
let frame: FrameDouble;
const until = async (check: () => boolean, ms = 2000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
};
const settle = () => new Promise((r) => setTimeout(r, 50));

async function login(): Promise<void> {
  submitEmail('ada@example.com');
  await until(() => $emailLogin.get().step === 'otp');
  await submitOtp('123456');
  expect($emailLogin.get().step).toBe('connected');
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  resetOptions();
  resetAlerts();
  $accounts.set({});
  $activeConnectorIds.set({});
  $connectors.set([]);
  $activeNamespace.set(undefined);
  $emailLogin.set({ step: 'idle', email: undefined, error: undefined, resendAt: 0 });
  resetRouter('Connect');
  $modal.setKey('open', true);
  frame = installFrameDouble({
    ConnectEmail: () => ({ action: 'VERIFY_OTP' }),
    ConnectOtp: () => ({}),
    GetUser: () => EMBEDDED_USER,
    IsConnected: () => ({ isConnected: true }),
    SignOut: () => ({}),
    SyncDappData: () => ({}),
    SyncTheme: () => ({}),
    RpcAbort: () => ({}),
  });
  setOptions({
    projectId: 'w3kit-dev',
    networks: [local(networks.localhost)],
    secureSiteUrl: 'http://127.0.0.1:4303',
    features: { email: true },
  });
  initNetworks();
  initConnectors();
  initEmbedded();
});

afterEach(() => {
  forgetUser();
  destroyFrame();
  setBridgeLoader(undefined);
  $modal.setKey('open', false);
  vi.unstubAllGlobals();
});

describe('keeping the login on this browser', () => {
  it('shows nothing when the frame keeps its data', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'persistent' });
    await login();
    await until(() => frame.calls.some((c) => c.type === 'GetStorage'));
    await settle();
    expect($alert.get()).toBeUndefined();
    expect($frameTask.get()).toBeUndefined();
    expect($modal.get().open).toBe(false);
    expect(frame.calls.some((c) => c.type === 'RequestStorage')).toBe(false);
  });

  it('says once, in words, that the login ends with a reload, offering a passkey, when the frame keeps none', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'session' });
    await login();
    await until(() => $alert.get() !== undefined);
    expect($alert.get()).toEqual({ code: 'SESSION_ONLY_LOGIN', variant: 'warning' });
    const { shortMessage, longMessage } = alertText('SESSION_ONLY_LOGIN');
    expect(shortMessage).toBe('Logged in until you reload');
    expect(longMessage).toMatch(/ends when you reload the page\. Add a passkey to log in next time/);
  });

  it("shows the frame's 'Stay logged in' screen after the login closed the modal; a grant shows nothing more", async () => {
    frame.handlers.GetStorage = () => ({ storage: 'ask' });
    let answer!: (v: { storage: 'persistent' | 'session' }) => void;
    frame.handlers.RequestStorage = () => new Promise((r) => (answer = r));
    await login();
    await until(() => $frameTask.get() !== undefined);
    expect($frameTask.get()).toEqual({ kind: 'storage' });
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('ApproveTransaction');
    expect(frame.calls.find((c) => c.type === 'RequestStorage')?.timeoutMs).toBeNull();
    answer({ storage: 'persistent' });
    await until(() => !$modal.get().open);
    expect($frameTask.get()).toBeUndefined();
    expect($alert.get()).toBeUndefined();
  });

  it('says so when the browser refused, or the user left the screen', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'ask' });
    frame.handlers.RequestStorage = () => new Promise(() => undefined);
    await login();
    await until(() => $router.get().view === 'ApproveTransaction' && $modal.get().open);
    resetRouter('Account');
    await until(() => $alert.get() !== undefined);
    expect($alert.get()?.code).toBe('SESSION_ONLY_LOGIN');
    expect(frame.calls.some((c) => c.type === 'RpcAbort')).toBe(true);
  });

  it('asks nothing on the reload that restores a session', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'session' });
    $modal.setKey('open', false);
    await restoreEmbedded();
    await settle();
    expect($emailLogin.get().step).toBe('connected');
    expect(frame.calls.map((c) => c.type)).toContain('GetUser');
    expect(frame.calls.some((c) => c.type === 'GetStorage')).toBe(false);
    expect($alert.get()).toBeUndefined();
  });
});
