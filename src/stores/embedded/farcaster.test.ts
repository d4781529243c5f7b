import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { EMBEDDED_USER, installFrameDouble, type FrameDouble } from '../../test-utils/frame-double.js';
import { networks, type Network } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { storage } from '../app/storage.js';
import { $accounts, getAccountState } from '../connection/account.js';
import { $activeConnectorIds, $connectors } from '../connection/connectors.js';
import { disconnect } from '../connection/disconnect.js';
import { initConnectors } from '../connection/discovery.js';
import { initEmbedded } from './connector.js';
import { $activeNamespace, initNetworks } from '../network/networks.js';
import { $modal } from '../ui/modal.js';
import { $router, pushView, resetRouter } from '../ui/router.js';
import { $farcasterSignIn, startFarcaster, stopFarcaster } from './farcaster.js';
import { destroyFrame, setBridgeLoader } from './frame.js';
import { forgetUser } from './session.js';
import { $farcasterLogin } from './state.js';

const HARDHAT: Network = { ...networks.localhost, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } };
const URL_ = 'https://farcaster.example/sign-in?channel=abc';
const coded = (message: string, code: number) => new EmbeddedWalletError(message, { code });

let frame: FrameDouble;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  resetOptions();
  $accounts.set({});
  $activeConnectorIds.set({});
  $connectors.set([]);
  $activeNamespace.set(undefined);
  setOptions({ projectId: 'w3kit-dev', networks: [HARDHAT], secureSiteUrl: 'http://127.0.0.1:4303', features: { socials: ['farcaster'] } });
  initNetworks();
  resetRouter('Connect');
  pushView('ConnectingFarcaster');
  $modal.setKey('open', true);
  frame = installFrameDouble({
    GetFarcasterUri: () => ({ url: URL_, expiresAt: Date.now() + 60_000 }),
    ConnectFarcaster: () => ({}),
    GetUser: () => ({ ...EMBEDDED_USER, email: null, userName: 'ada.eth', socialProvider: 'farcaster' as const }),
    SignOut: () => ({}),
    SyncDappData: () => ({}),
    SyncTheme: () => ({}),
  });
});

afterEach(() => {
  stopFarcaster();
  forgetUser();
  destroyFrame();
  setBridgeLoader(undefined);
  $modal.setKey('open', false);
  vi.unstubAllGlobals();
});

const types = () => frame.calls.map((c) => c.type).filter((t) => !t.startsWith('Sync'));

describe('Farcaster login', () => {
  it('gets the link, waits for the approval, connects, stores the provider and username, and closes the modal', async () => {
    initConnectors();
    initEmbedded();
    await startFarcaster();
    expect(types()).toEqual(['GetFarcasterUri', 'ConnectFarcaster', 'GetUser']);
    expect(getAccountState('eip155').status).toBe('connected');
    expect($modal.get().open).toBe(false);
    expect(storage.get('socialProvider')).toBe('farcaster');
    expect(storage.get('socialUsername')).toBe('ada.eth');
    expect($farcasterLogin.get()).toEqual({ step: 'idle', url: undefined, expiresAt: 0, error: undefined });
    // Disconnect clears the provider and the username (spec 3).
    await disconnect('eip155');
    expect(storage.get('socialProvider')).toBeUndefined();
    expect(storage.get('socialUsername')).toBeUndefined();
  });

  it('shows the link while waiting, and asks again when the wait ran out while the link lives', async () => {
    let waits = 0;
    let approve!: () => void;
    frame.handlers.ConnectFarcaster = () => {
      waits++;
      if (waits === 1) throw coded('Not approved yet', 409);
      return new Promise<object>((r) => (approve = () => r({})));
    };
    const done = startFarcaster();
    await vi.waitFor(() => expect(waits).toBe(2));
    expect($farcasterLogin.get()).toMatchObject({ step: 'waiting', url: URL_ });
    approve();
    await done;
    expect($modal.get().open).toBe(false);
  });

  it('a lapsed link (410, or past expiresAt) is expired; another failure is an error', async () => {
    frame.handlers.ConnectFarcaster = () => {
      throw coded('Link expired', 410);
    };
    await startFarcaster();
    expect($farcasterLogin.get().step).toBe('expired');
    expect($router.get().view).toBe('ConnectingFarcaster');

    frame.handlers.GetFarcasterUri = () => ({ url: URL_, expiresAt: Date.now() - 1 });
    frame.handlers.ConnectFarcaster = () => {
      throw coded('Not approved yet', 409);
    };
    await startFarcaster();
    expect($farcasterLogin.get().step).toBe('expired');

    frame.handlers.GetFarcasterUri = () => ({ url: URL_, expiresAt: Date.now() + 60_000 });
    frame.handlers.ConnectFarcaster = () => {
      throw new Error('Relay unreachable');
    };
    await startFarcaster();
    expect($farcasterLogin.get().step).toBe('error');
    expect(($farcasterLogin.get().error as Error).message).toBe('Relay unreachable');
    expect(types().filter((t) => t === 'GetUser')).toEqual([]);
  });

  it('GetFarcasterUri failing is an error that stays', async () => {
    frame.handlers.GetFarcasterUri = () => {
      throw new Error('Too many requests');
    };
    await startFarcaster();
    expect($farcasterLogin.get()).toMatchObject({ step: 'error', url: undefined });
  });

  it('the view only listens: its first listener starts the sign-in (unless one is there), its last one gone stops it', async () => {
    frame.handlers.ConnectFarcaster = () => new Promise<object>(() => undefined);
    const unlisten = $farcasterSignIn.listen(() => undefined);
    await vi.waitFor(() => expect($farcasterSignIn.get()).toMatchObject({ step: 'waiting', url: URL_ }));
    expect(types()).toEqual(['GetFarcasterUri', 'ConnectFarcaster']);
    unlisten();
    expect($farcasterLogin.get().step).toBe('idle');
    // A failure kept for 'Try again' is not started over by a listener coming back.
    $farcasterLogin.set({ step: 'error', url: undefined, expiresAt: 0, error: new Error('Relay unreachable') });
    const again = $farcasterSignIn.listen(() => undefined);
    expect($farcasterSignIn.get().step).toBe('error');
    again();
    expect(types()).toEqual(['GetFarcasterUri', 'ConnectFarcaster']);
  });

  it('leaving the view stops it: a later approval is dropped', async () => {
    let approve!: () => void;
    frame.handlers.ConnectFarcaster = () => new Promise<object>((r) => (approve = () => r({})));
    const done = startFarcaster();
    await vi.waitFor(() => expect($farcasterLogin.get().step).toBe('waiting'));
    resetRouter('Connect');
    expect($farcasterLogin.get().step).toBe('idle');
    approve();
    await done;
    expect(types()).not.toContain('GetUser');
    expect($router.get().view).toBe('Connect');
    expect(getAccountState('eip155').status).toBe('disconnected');
  });
});
