/** Choosing the active account among a wallet's connected accounts, with the real test wallet (issue 12, item 18). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, getAccountState, patchAccount } from './account.js';
import { $connections } from './connectors.js';
import { preferStoredAccount, selectEip155Account } from './eip155-accounts.js';
import { setActiveSession } from './eip155-active.js';
import { storage } from '../app/storage.js';

let w: TestWallet;

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  w = createTestWallet({
    rpcUrls: { 31337: 'http://127.0.0.1:9/' },
    chainId: 31337,
    accounts: 2,
    announce: false,
    storageKey: false,
  } as never);
  const [a0, a1] = (await w.provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[];
  setActiveSession({ connectorId: 'test', provider: w.provider as never, stopEvents: () => undefined });
  $connections.setKey('eip155', [{ connectorId: 'test', accounts: [a0!, a1!].map((address) => ({ address, type: 'eoa' as const })) }]);
  patchAccount('eip155', { address: a0, caipAddress: `eip155:31337:${a0!}`, status: 'connected' });
});

afterEach(() => {
  setActiveSession(undefined);
  $connections.set({});
  $accounts.set({});
  vi.unstubAllGlobals();
});

describe('selectEip155Account', () => {
  it('makes another connected account the active address and stores the choice', () => {
    const [a0, a1] = w.addresses as `0x${string}`[];
    const seen: (string | undefined)[] = [];
    const stop = $accounts.subscribe((all) => seen.push(all.eip155?.address));
    selectEip155Account(a1!.toLowerCase());
    stop();
    expect(getAccountState('eip155')).toMatchObject({ address: a1, caipAddress: `eip155:31337:${a1!}`, status: 'connected' });
    expect(seen.at(-1)).toBe(a1);
    expect($connections.get().eip155?.[0]?.accounts.map((a) => a.address)).toEqual([a1, a0]);
    expect(storage.get('connections')?.eip155?.[0]?.accounts[0]?.address).toBe(a1);
    expect(preferStoredAccount('test', [a0!, a1!])).toEqual([a1, a0]);
    expect(preferStoredAccount('other', [a0!, a1!])).toEqual([a0, a1]);
  });

  it('refuses an address the wallet did not connect, and works only with a session', () => {
    expect(() => selectEip155Account('0x000000000000000000000000000000000000dEaD')).toThrow('This account is not connected');
    setActiveSession(undefined);
    expect(() => selectEip155Account(w.addresses[1]!)).toThrow();
  });
});
