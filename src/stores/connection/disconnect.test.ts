import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainNamespace } from '../../core/caip.js';
import { networks } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, EMPTY_ACCOUNT, getAccountState, patchAccount } from './account.js';
import { $activeConnectorIds, $connectedWallet, $connections } from './connectors.js';
import { disconnect, onDisconnect } from './disconnect.js';
import type { W3Event } from '../app/events.js';
import { $activeNamespace } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $router, pushView, resetRouter } from '../ui/router.js';
import { storage } from '../app/storage.js';
import { recordEvents } from '../../test-utils/events.js';

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

let events: W3Event[];
let stopEvents: () => void;
const removers: (() => void)[] = [];

function register(handler: (ns: ChainNamespace) => Promise<void> | void): void {
  removers.push(onDisconnect(handler));
}

function connect(ns: ChainNamespace, address: string, connectorId: string): void {
  patchAccount(ns, { address, status: 'connected', caipAddress: `${ns}:1:${address}` });
  $activeConnectorIds.setKey(ns, connectorId);
  $connections.setKey(ns, [{ connectorId, accounts: [{ address, type: 'eoa' }] }]);
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  resetOptions();
  setOptions({ networks: [networks.mainnet] });
  $activeNamespace.set('eip155');
  $accounts.set({});
  $activeConnectorIds.set({});
  $connections.set({});
  $connectedWallet.set(undefined);
  resetRouter();
  ({ events, stop: stopEvents } = recordEvents());
  connect('eip155', EVM, 'io.metamask');
  connect('solana', SOL, 'phantom');
  $connectedWallet.set({ name: 'MetaMask' });
  storage.set('connectedNamespaces', ['eip155', 'solana']);
  storage.set('connectedConnectorIds', { eip155: 'io.metamask', solana: 'phantom' });
  storage.set('connectionStatus', 'connected');
});

afterEach(() => {
  stopEvents();
  for (const remove of removers.splice(0)) remove();
  vi.unstubAllGlobals();
});

describe('disconnect(namespace)', () => {
  it('runs the registered handlers with the namespace before resetting', async () => {
    const calls: { ns: ChainNamespace; status: string }[] = [];
    register((ns) => {
      calls.push({ ns, status: getAccountState(ns).status });
    });
    await disconnect('eip155');
    expect(calls).toEqual([{ ns: 'eip155', status: 'connected' }]);
  });

  it('awaits async handlers in order', async () => {
    const order: string[] = [];
    register(async () => {
      await new Promise((r) => setTimeout(r, 5));
      order.push('first');
    });
    register(() => {
      order.push('second');
    });
    await disconnect('eip155');
    expect(order).toEqual(['first', 'second']);
  });

  it("resets that namespace's account and connector only", async () => {
    await disconnect('eip155');
    expect(getAccountState('eip155')).toEqual(EMPTY_ACCOUNT);
    expect($activeConnectorIds.get().eip155).toBeUndefined();
    expect($connections.get().eip155).toBeUndefined();
    expect(getAccountState('solana').address).toBe(SOL);
    expect($activeConnectorIds.get().solana).toBe('phantom');
    expect($connections.get().solana).toHaveLength(1);
  });

  it("updates storage 'connectedNamespaces' and 'connectedConnectorIds'", async () => {
    await disconnect('eip155');
    expect(storage.get('connectedNamespaces')).toEqual(['solana']);
    expect(storage.get('connectedConnectorIds')).toEqual({ solana: 'phantom' });
    expect(storage.get('connectionStatus')).toBe('connected');
    expect($connectedWallet.get()).toEqual({ name: 'MetaMask' });
  });

  it('emits DISCONNECT_SUCCESS', async () => {
    await disconnect('solana');
    expect(events.map((e) => e.type)).toEqual(['DISCONNECT_SUCCESS']);
    expect(events[0]?.data).toEqual({ namespace: 'solana', errors: 0 });
  });

  it('still resets when a handler throws, and counts the errors', async () => {
    const after = vi.fn();
    register(() => {
      throw new Error('wallet gone');
    });
    register(async () => {
      throw new Error('also gone');
    });
    register(after);
    await expect(disconnect('eip155')).resolves.toBeUndefined();
    expect(after).toHaveBeenCalledWith('eip155');
    expect(getAccountState('eip155').status).toBe('disconnected');
    expect(storage.get('connectedNamespaces')).toEqual(['solana']);
    expect(events.at(-1)?.type).toBe('DISCONNECT_SUCCESS');
    expect(events.at(-1)?.data['errors']).toBe(2);
  });

  it('does not call a handler removed with the returned function', async () => {
    const handler = vi.fn();
    const remove = onDisconnect(handler);
    remove();
    await disconnect('eip155');
    expect(handler).not.toHaveBeenCalled();
  });

  it('after the last connected namespace: clears the wallet, stores disconnected and leaves Account', async () => {
    pushView('Account');
    await disconnect('eip155');
    expect($router.get().view).toBe('Account');
    await disconnect('solana');
    expect($connectedWallet.get()).toBeUndefined();
    expect(storage.get('connectionStatus')).toBe('disconnected');
    expect(storage.get('connectedNamespaces')).toEqual([]);
    expect(storage.get('connectedConnectorIds')).toEqual({});
    expect($router.get()).toEqual({ view: 'Connect', history: ['Connect'], data: undefined });
  });

  it('does not change another view after the last disconnect', async () => {
    pushView('Networks');
    await disconnect('eip155');
    await disconnect('solana');
    expect($router.get().view).toBe('Networks');
  });

  it('works with nothing stored', async () => {
    storage.clear();
    await disconnect('eip155');
    expect(storage.get('connectedNamespaces')).toEqual([]);
    expect(storage.get('connectedConnectorIds')).toBeUndefined();
  });
});

describe('disconnect() without a namespace', () => {
  it('disconnects every connected namespace', async () => {
    const seen: ChainNamespace[] = [];
    register((ns) => {
      seen.push(ns);
    });
    patchAccount('bip122', { status: 'disconnected' });
    await disconnect();
    expect(seen.sort()).toEqual(['eip155', 'solana']);
    expect(getAccountState('eip155').status).toBe('disconnected');
    expect(getAccountState('solana').status).toBe('disconnected');
    expect(storage.get('connectedNamespaces')).toEqual([]);
    expect(storage.get('connectionStatus')).toBe('disconnected');
    expect($connectedWallet.get()).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['DISCONNECT_SUCCESS']);
    expect(events[0]?.data['namespace']).toBe('eip155');
  });
});
