import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test-utils/storage.js';
import { EMBEDDED_USER, installFrameDouble, type FrameDouble } from '../../test-utils/frame-double.js';
import { loginHandlers, until } from '../../test-utils/embedded-stores.js';
import { networks, type Network } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { storage } from '../app/storage.js';
import { $accounts, getAccountState } from '../connection/account.js';
import { connectWithEmail } from '../connection/connect.js';
import { $activeConnectorIds, $connectors } from '../connection/connectors.js';
import { disconnect } from '../connection/disconnect.js';
import { initConnectors } from '../connection/discovery.js';
import { initEmbedded } from './connector.js';
import { $activeNamespace, initNetworks } from '../network/networks.js';
import { $modal } from '../ui/modal.js';
import { $router, resetRouter } from '../ui/router.js';
import { resendEmail, restoreEmbedded, submitEmail, submitOtp } from './actions.js';
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { errorMessage } from '../../elements/l10n/errors.js';
import { destroyFrame, setBridgeLoader } from './frame.js';
import { forgetUser } from './session.js';
import { $emailLogin, $embeddedUser, $frameElement } from './state.js';

/** Networks whose RPC goes nowhere (balances fail fast, nothing leaves the machine). */
const local = (n: Network): Network => ({ ...n, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } });
const SOLANA = local(networks.solanaLocal);
const HARDHAT = local(networks.localhost);

let frame: FrameDouble;

function configure(extra: Record<string, unknown> = {}): void {
  setOptions({
    projectId: 'w3kit-dev',
    networks: [HARDHAT, SOLANA],
    secureSiteUrl: 'http://127.0.0.1:4303',
    features: { email: true },
    ...extra,
  });
  initNetworks();
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  resetOptions();
  $accounts.set({});
  $activeConnectorIds.set({});
  $connectors.set([]);
  $activeNamespace.set(undefined);
  $emailLogin.set({ step: 'idle', email: undefined, error: undefined, resendAt: 0 });
  resetRouter('Connect');
  $modal.setKey('open', true);
  frame = installFrameDouble({
    ...loginHandlers(),
    ConnectEmail: ({ email }) => ({ action: email.startsWith('new') ? 'VERIFY_DEVICE' : 'VERIFY_OTP' }),
    ConnectDevice: () => ({}),
    ConnectOtp: ({ otp }) => {
      if (otp !== '123456') throw new Error('Invalid code');
      return {};
    },
    ResendEmail: () => ({}),
  });
  configure();
});

afterEach(() => {
  forgetUser();
  destroyFrame();
  setBridgeLoader(undefined);
  $modal.setKey('open', false);
  vi.unstubAllGlobals();
});

describe('the AUTH connector', () => {
  it('joins eip155 and solana when secureSiteUrl and email are set, and not otherwise', () => {
    initConnectors();
    initEmbedded();
    expect($connectors.get().filter((c) => c.type === 'AUTH')).toEqual([
      { id: 'ID_AUTH', type: 'AUTH', name: 'Email', chain: 'eip155' },
      { id: 'ID_AUTH', type: 'AUTH', name: 'Email', chain: 'solana' },
    ]);
    configure({ features: { email: false } });
    initConnectors();
    initEmbedded();
    expect($connectors.get().filter((c) => c.type === 'AUTH')).toEqual([]);
  });
});

describe('e-mail login', () => {
  it("validates the address by the server's rule, before anything is sent", () => {
    expect(submitEmail('')).toBe('REQUIRED');
    expect(submitEmail('nope')).toBe('INVALID');
    expect(submitEmail(`${'a'.repeat(300)}@example.com`)).toBe('TOO_LONG');
    expect(submitEmail(`${'a'.repeat(65)}@example.com`)).toBe('LOCAL_TOO_LONG');
    expect(frame.calls).toEqual([]);
  });

  it('goes e-mail -> code -> connected on both namespaces, caches the login and closes the modal', async () => {
    initConnectors();
    initEmbedded();
    expect(connectWithEmail('ada@example.com')).toBeUndefined();
    await until(() => $emailLogin.get().step === 'otp');
    expect($router.get().view).toBe('EmailVerifyOtp');
    expect($frameElement.get()).toBe(frame.iframe);
    expect($emailLogin.get().resendAt).toBeGreaterThan(Date.now() + 29_000);
    await submitOtp('123456');
    expect(frame.calls.map((c) => c.type)).toEqual(expect.arrayContaining(['ConnectEmail', 'ConnectOtp', 'GetUser']));
    expect($embeddedUser.get()).toEqual(EMBEDDED_USER);
    expect(getAccountState('eip155')).toMatchObject({ status: 'connected', address: EMBEDDED_USER.accounts[0]!.address });
    expect(getAccountState('solana')).toMatchObject({ status: 'connected', address: EMBEDDED_USER.accounts[1]!.address });
    expect($activeConnectorIds.get()).toEqual({ eip155: 'ID_AUTH', solana: 'ID_AUTH' });
    expect($emailLogin.get().step).toBe('connected');
    // Connected from the connect flow: the modal closes (issue 28), its view reset to Connect.
    expect($modal.get().open).toBe(false);
    expect($router.get().view).toBe('Connect');
    expect(storage.get('emailLoginUsed')).toBe(true);
    expect(storage.get('email')).toBe('ada@example.com');
    expect(storage.get('lastUsedChain')).toBe(HARDHAT.caipNetworkId);
    expect(storage.get('lastEmailLoginTime')).toBeGreaterThan(Date.now() - 5000);
  });

  it('a new device: EmailVerifyDevice, then, once approved, EmailVerifyOtp', async () => {
    let approve!: () => void;
    frame.handlers.ConnectDevice = () => new Promise<object>((r) => (approve = () => r({})));
    submitEmail('new@example.com');
    await until(() => $emailLogin.get().step === 'device');
    expect($router.get().view).toBe('EmailVerifyDevice');
    approve();
    await until(() => $emailLogin.get().step === 'otp');
    expect($router.get().view).toBe('EmailVerifyOtp');
    expect($router.get().history).not.toContain('EmailVerifyDevice');
  });

  it('Back, then another address: a new login; the older one ending (its device wait refused) shows nothing', async () => {
    const waits: { resolve: (v: object) => void; reject: (e: unknown) => void }[] = [];
    frame.handlers.ConnectDevice = () => new Promise<object>((resolve, reject) => waits.push({ resolve, reject }));
    submitEmail('new-ada@example.com');
    await until(() => $router.get().view === 'EmailVerifyDevice' && waits.length === 1);
    resetRouter('EmailLogin');
    submitEmail('new-bea@example.com');
    await until(() => $router.get().view === 'EmailVerifyDevice' && waits.length === 2);
    expect(frame.calls.filter((c) => c.type === 'ConnectEmail').map((c) => c.payload)).toEqual([
      { email: 'new-ada@example.com' },
      { email: 'new-bea@example.com' },
    ]);
    // The frame ends the older login's wait: that refusal is the older login's, not the user's now.
    waits[0]!.reject(new EmbeddedWalletError('A newer e-mail login replaced this one', { messageCode: 'LoginNotPending' }));
    await new Promise((r) => setTimeout(r, 20));
    expect($emailLogin.get()).toMatchObject({ step: 'device', email: 'new-bea@example.com', error: undefined });
    expect($router.get().view).toBe('EmailVerifyDevice');
    // An older approval arriving late does not jump the newer login to its code either.
    waits[0]!.resolve({});
    waits[1]!.resolve({});
    await until(() => $emailLogin.get().step === 'otp');
    expect($router.get().view).toBe('EmailVerifyOtp');
    expect($emailLogin.get()).toMatchObject({ email: 'new-bea@example.com', error: undefined });
  });

  it('keeps a wrong code as the error, on the code step', async () => {
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    await submitOtp('000000');
    expect($emailLogin.get()).toMatchObject({ step: 'otp' });
    expect(($emailLogin.get().error as Error).message).toBe('Invalid code');
    // One check at a time: a second submit while the first is checked is ignored.
    void submitOtp('000000');
    await submitOtp('000000');
    await until(() => $emailLogin.get().step === 'otp');
    expect(frame.calls.filter((c) => c.type === 'ConnectOtp')).toHaveLength(2);
    await submitOtp('12ab');
    expect(($emailLogin.get().error as Error).message).toBe('Invalid input');
    expect(frame.calls.filter((c) => c.type === 'ConnectOtp')).toHaveLength(2);
  });

  it('a login the server ended (its tenth wrong code) goes back to the address form with its words, to start again', async () => {
    frame.handlers.ConnectOtp = () => {
      throw new EmbeddedWalletError('Too many attempts: start again', { messageCode: 'AttemptsEnded' });
    };
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    expect($router.get().history).toEqual(['Connect', 'EmailVerifyOtp']);
    await submitOtp('000000');
    expect($emailLogin.get()).toMatchObject({ step: 'idle', email: 'ada@example.com' });
    expect(errorMessage($emailLogin.get().error)).toBe('Too many wrong codes. Please start again.');
    expect($router.get().history).toEqual(['Connect', 'EmailLogin']);
    // Starting again is a new login (not refused by the client's cooldown check of a pending one).
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    expect(frame.calls.filter((c) => c.type === 'ConnectEmail')).toHaveLength(2);
    expect($router.get().history).toEqual(['Connect', 'EmailLogin', 'EmailVerifyOtp']);
  });

  it('a resend of a login that is no longer pending goes back to the address form too (never a resend loop)', async () => {
    frame.handlers.ResendEmail = () => {
      throw new EmbeddedWalletError('Unknown or finished login: start again', { messageCode: 'LoginNotPending' });
    };
    resetRouter('EmailLogin');
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    $emailLogin.setKey('resendAt', Date.now() - 1);
    await resendEmail();
    expect($emailLogin.get().step).toBe('idle');
    expect(errorMessage($emailLogin.get().error)).toBe('This login is no longer in progress. Please start again.');
    expect($router.get().history).toEqual(['EmailLogin']);
  });

  it('a voided code (five wrong) stays on the code step: a new code helps', async () => {
    frame.handlers.ConnectOtp = () => {
      throw new EmbeddedWalletError('Too many attempts: request a new code', { messageCode: 'TooManyAttempts' });
    };
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    await submitOtp('000000');
    expect($emailLogin.get().step).toBe('otp');
    expect($router.get().view).toBe('EmailVerifyOtp');
  });

  it('refuses a resend within the 30 s cooldown with "Please try again after N seconds"', async () => {
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    await resendEmail();
    expect(($emailLogin.get().error as Error).message).toBe('Please try again after 30 seconds');
    expect(frame.calls.filter((c) => c.type === 'ResendEmail')).toHaveLength(0);
    $emailLogin.setKey('resendAt', Date.now() - 1);
    await resendEmail();
    expect($emailLogin.get().error).toBeUndefined();
    expect(frame.calls.filter((c) => c.type === 'ResendEmail')).toHaveLength(1);
  });

  it("shows 'Unable to load email login dependency' when the bridge's chunk fails", async () => {
    setBridgeLoader(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().error !== undefined);
    expect(($emailLogin.get().error as Error).message).toBe('Unable to load email login dependency');
    expect($emailLogin.get().step).toBe('idle');
    // From Connect's inline field, the error moves to EmailLogin, where it stays until the user acts.
    expect($router.get().view).toBe('EmailLogin');
  });

  it('the same address again within 30 s, from Connect: EmailLogin shows "Please try again after N seconds", no second request', async () => {
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    resetRouter('Connect');
    submitEmail('ada@example.com');
    expect(($emailLogin.get().error as Error).message).toMatch(/^Please try again after \d+ seconds$/);
    expect($router.get().view).toBe('EmailLogin');
    expect(frame.calls.filter((c) => c.type === 'ConnectEmail')).toHaveLength(1);
  });
});

describe('reload and disconnect', () => {
  it('restores the user without a code while the session lives', async () => {
    storage.set('emailLoginUsed', true);
    storage.set('lastUsedChain', SOLANA.caipNetworkId);
    storage.set('connectedConnectorIds', { eip155: 'ID_AUTH', solana: 'ID_AUTH' });
    const statuses: (string | undefined)[] = [];
    const stop = $accounts.listen((a) => statuses.push(a.eip155?.status));
    initConnectors();
    initEmbedded();
    await until(() => getAccountState('solana').status === 'connected');
    stop();
    expect(statuses[0]).toBe('connecting');
    expect(frame.calls.map((c) => c.type)).not.toContain('ConnectOtp');
    expect(frame.calls.find((c) => c.type === 'GetUser')?.payload).toEqual({ chainId: SOLANA.caipNetworkId });
    expect(getAccountState('eip155').status).toBe('connected');
    // The frame knows the app's networks before it is asked for the user on one of them.
    const order = frame.calls.map((c) => c.type);
    expect(order.indexOf('SyncDappData')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('SyncDappData')).toBeLessThan(order.indexOf('IsConnected'));
  });

  it('clears the login cache when the is-connected check says no, or fails', async () => {
    for (const answer of [() => ({ isConnected: false }), () => Promise.reject(new Error('backend down'))]) {
      storage.set('emailLoginUsed', true);
      storage.set('email', 'ada@example.com');
      frame.handlers.IsConnected = answer;
      storage.set('connectedConnectorIds', { eip155: 'ID_AUTH' });
      await restoreEmbedded();
      expect(getAccountState('eip155').status).toBe('disconnected');
      expect(storage.get('emailLoginUsed')).toBeUndefined();
      expect(storage.get('email')).toBeUndefined();
      expect($embeddedUser.get()).toBeUndefined();
    }
  });

  it('disconnect signs out, clears the cache and the user', async () => {
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    await submitOtp('123456');
    await disconnect();
    expect(frame.calls.map((c) => c.type)).toContain('SignOut');
    expect($emailLogin.get().step).toBe('idle');
    expect($embeddedUser.get()).toBeUndefined();
    expect(storage.get('emailLoginUsed')).toBeUndefined();
    expect(storage.get('lastUsedChain')).toBeUndefined();
    expect(getAccountState('eip155').status).toBe('disconnected');
  });

  it('waits at most 3 s for a sign-out that never answers', async () => {
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    await submitOtp('123456');
    delete frame.handlers.SignOut;
    const started = Date.now();
    await disconnect();
    expect(Date.now() - started).toBeLessThan(3500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect($embeddedUser.get()).toBeUndefined();
  });
});
