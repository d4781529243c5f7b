import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDevice } from '../../frame/messages.js';
import { EMBEDDED_USER, installFrameDouble, type FrameDouble } from '../../test-utils/frame-double.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { networks, type Network } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $accounts, getAccountState } from '../connection/account.js';
import { $activeConnectorIds, $connectors } from '../connection/connectors.js';
import { initConnectors } from '../connection/discovery.js';
import { $activeNamespace, initNetworks } from '../network/networks.js';
import { resetAlerts } from '../ui/alerts.js';
import { $modal } from '../ui/modal.js';
import { resetRouter } from '../ui/router.js';
import { initEmbedded } from './connector.js';
import { $deviceChanges, $devices, removeDevice, resetDevices } from './device-list.js';
import { destroyFrame, setBridgeLoader } from './frame.js';
import { loginWithPasskey } from './passkeys.js';
import { forgetUser } from './session.js';
import { $embeddedUser } from './state.js';

const local = (n: Network): Network => ({ ...n, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } });
const THIS: AccountDevice = { id: 'a'.repeat(32), name: 'Firefox on Linux', addedAt: 1, lastUsedAt: 3, current: true };
const OTHER: AccountDevice = { id: 'b'.repeat(32), name: 'Safari on iOS', addedAt: 2, lastUsedAt: 2, current: false };

let frame: FrameDouble;
let list: AccountDevice[];
const until = async (check: () => boolean, ms = 2000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
};

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  resetOptions();
  resetAlerts();
  $accounts.set({});
  $activeConnectorIds.set({});
  $connectors.set([]);
  $activeNamespace.set(undefined);
  resetDevices();
  resetRouter('Connect');
  $modal.setKey('open', true);
  list = [THIS, OTHER];
  frame = installFrameDouble({
    ConnectPasskey: () => ({}),
    GetUser: () => EMBEDDED_USER,
    SignOut: () => ({}),
    SyncDappData: () => ({}),
    SyncTheme: () => ({}),
    RpcAbort: () => ({}),
    ListDevices: () => ({ devices: list }),
    RemoveDevice: ({ id }: { id: string }) => {
      list = list.filter((d) => d.id !== id);
      return { signedOut: id === THIS.id };
    },
  });
  setOptions({
    projectId: 'w3kit-dev',
    networks: [local(networks.localhost), local(networks.solanaLocal)],
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

describe('the Devices store', () => {
  it('loads while listened, keyed by the user; removing another device reloads the list; removing this device logs out', async () => {
    await loginWithPasskey();
    expect(getAccountState('eip155').status).toBe('connected');
    const stop = $devices.listen(() => undefined);
    try {
      await until(() => $devices.get().status === 'ready');
      expect($devices.get().list).toEqual([THIS, OTHER]);
      await removeDevice(OTHER.id);
      await until(() => $devices.get().list.length === 1);
      expect($devices.get().list).toEqual([THIS]);
      expect($embeddedUser.get()).toBeDefined();
      await removeDevice(THIS.id);
      await until(() => $embeddedUser.get() === undefined);
      expect(getAccountState('eip155').status).toBe('disconnected');
      expect(getAccountState('solana').status).toBe('disconnected');
      expect(frame.calls.map((c) => c.type).filter((t) => t === 'RemoveDevice')).toEqual(['RemoveDevice', 'RemoveDevice']);
    } finally {
      stop();
    }
  });

  it('keeps a failed removal as its error, and the list', async () => {
    frame.handlers['RemoveDevice'] = () => Promise.reject(new Error('Backend unavailable'));
    await loginWithPasskey();
    const stop = $devices.listen(() => undefined);
    try {
      await until(() => $devices.get().status === 'ready');
      await removeDevice(OTHER.id);
      expect(($deviceChanges.get().error as Error).message).toContain('Backend unavailable');
      expect($devices.get().list).toHaveLength(2);
      expect($embeddedUser.get()).toBeDefined();
    } finally {
      stop();
    }
  });
});
