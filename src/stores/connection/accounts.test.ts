/** Choosing the active account among a wallet's connected accounts, with the real test wallet (issue 12, item 18). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, getAccountState, patchAccount } from './account.js';
import { $connections } from './connectors.js';
import { eip155Adapter } from '../../chains/eip155/adapter.js';
import { selectAccount } from './accounts.js';
import { preferStoredAccount } from './persistence.js';
import { setLiveSession } from './session-state.js';
import { storage } from '../app/storage.js';
import { $activeNamespace } from '../network/networks.js';

let w: TestWallet;

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  $activeNamespace.set('eip155');
  w = createTestWallet({
    rpcUrls: { 31337: 'http://127.0.0.1:9/' },
    chainId: 31337,
    accounts: 2,
    announce: false,
    storageKey: false,
  } as never);
  const [a0, a1] = (await w.provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[];
  setLiveSession('eip155', {
    namespace: 'eip155',
    connectorId: 'test',
    provider: w.provider,
    adapter: eip155Adapter as never,
    stopEvents: () => undefined,
  });
  $connections.setKey('eip155', [{ connectorId: 'test', accounts: [a0!, a1!].map((address) => ({ address, type: 'eoa' as const })) }]);
  patchAccount('eip155', { address: a0, caipAddress: `eip155:31337:${a0!}`, status: 'connected' });
});

afterEach(() => {
  setLiveSession('eip155', undefined);
  $connections.set({});
  $accounts.set({});
  vi.unstubAllGlobals();
});

describe('selectAccount', () => {
  it('makes another connected account the active address and stores the choice', () => {
    const [a0, a1] = w.addresses as `0x${string}`[];
    const seen: (string | undefined)[] = [];
    const stop = $accounts.subscribe((all) => seen.push(all.eip155?.address));
    selectAccount(a1!.toLowerCase());
    stop();
    expect(getAccountState('eip155')).toMatchObject({ address: a1, caipAddress: `eip155:31337:${a1!}`, status: 'connected' });
    expect(seen.at(-1)).toBe(a1);
    expect($connections.get().eip155?.[0]?.accounts.map((a) => a.address)).toEqual([a1, a0]);
    expect(storage.get('connections')?.eip155?.[0]?.accounts[0]?.address).toBe(a1);
    expect(preferStoredAccount('eip155', 'test', [a0!, a1!])).toEqual([a1, a0]);
    expect(preferStoredAccount('eip155', 'other', [a0!, a1!])).toEqual([a0, a1]);
  });

  it('refuses an address the wallet did not connect, and works only with a session', () => {
    expect(() => selectAccount('0x000000000000000000000000000000000000dEaD')).toThrow('This account is not connected');
    setLiveSession('eip155', undefined);
    expect(() => selectAccount(w.addresses[1]!)).toThrow();
  });
});
