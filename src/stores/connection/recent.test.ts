import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test-utils/storage.js';

type RecentModule = typeof import('./recent.js');
type StorageModule = typeof import('../app/storage.js');

let recent: RecentModule;
let storageModule: StorageModule;
let backend: MemoryStorage;

const mm = { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' };
const rainbow = { id: 'rainbow', name: 'Rainbow', imageUrl: 'https://example.com/r.png' };
const coinbase = { id: 'coinbase', name: 'Coinbase Wallet' };

/** $recentWallets reads storage when first used: load a fresh copy after stubbing storage. */
async function load(): Promise<void> {
  vi.resetModules();
  recent = await import('./recent.js');
  storageModule = await import('../app/storage.js');
}

beforeEach(async () => {
  backend = new MemoryStorage();
  vi.stubGlobal('localStorage', backend);
  await load();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('$recentWallets', () => {
  it('is empty with nothing stored', () => {
    expect(recent.$recentWallets.get()).toEqual([]);
  });

  it('loads the stored wallets, at most 2', async () => {
    backend.setItem('@w3kit/recentWallets', JSON.stringify([mm, rainbow, coinbase]));
    await load();
    expect(recent.$recentWallets.get()).toEqual([mm, rainbow]);
  });

  it('ignores a corrupt stored value', async () => {
    backend.setItem('@w3kit/recentWallets', '{"id":1}');
    await load();
    expect(recent.$recentWallets.get()).toEqual([]);
  });
});

describe('addRecentWallet', () => {
  it('puts the newest first and persists', () => {
    recent.addRecentWallet(mm);
    recent.addRecentWallet(rainbow);
    expect(recent.$recentWallets.get()).toEqual([rainbow, mm]);
    expect(storageModule.storage.get('recentWallets')).toEqual([rainbow, mm]);
  });

  it('keeps at most 2', () => {
    recent.addRecentWallet(mm);
    recent.addRecentWallet(rainbow);
    recent.addRecentWallet(coinbase);
    expect(recent.$recentWallets.get().map((w) => w.id)).toEqual(['coinbase', 'rainbow']);
    expect(storageModule.storage.get('recentWallets')?.map((w) => w.id)).toEqual(['coinbase', 'rainbow']);
  });

  it('moves a wallet used again to the front without duplicating it', () => {
    recent.addRecentWallet(mm);
    recent.addRecentWallet(rainbow);
    recent.addRecentWallet({ ...mm, name: 'MetaMask Flask' });
    expect(recent.$recentWallets.get()).toEqual([{ ...mm, name: 'MetaMask Flask' }, rainbow]);
  });

  it('adds to what was stored', async () => {
    backend.setItem('@w3kit/recentWallets', JSON.stringify([mm]));
    await load();
    recent.addRecentWallet(coinbase);
    expect(recent.$recentWallets.get().map((w) => w.id)).toEqual(['coinbase', 'metamask']);
  });

  it('keeps one entry per wallet: its EVM and Solana connectors (one name) are one wallet (issue 28)', () => {
    const evm = { id: 'dev.w3kit.wallet', name: 'w3kit Dev Wallet', rdns: 'dev.w3kit.wallet' };
    const sol = { id: 'wallet-standard:w3kit dev wallet', name: 'w3kit Dev Wallet' };
    recent.addRecentWallet(mm);
    recent.addRecentWallet(evm);
    recent.addRecentWallet(sol);
    expect(recent.$recentWallets.get()).toEqual([sol, mm]);
    expect(storageModule.storage.get('recentWallets')).toEqual([sol, mm]);
    // A WalletConnect pairing of a wallet with the same name is another way in: its own entry.
    recent.addRecentWallet({ id: 'devwallet', name: 'w3kit Dev Wallet', walletConnect: true });
    expect(recent.$recentWallets.get().map((w) => w.id)).toEqual(['devwallet', sol.id]);
  });

  it('loads one entry per wallet from what an earlier version stored twice', async () => {
    const evm = { id: 'dev.w3kit.wallet', name: 'w3kit Dev Wallet' };
    const sol = { id: 'wallet-standard:w3kit dev wallet', name: 'w3kit Dev Wallet' };
    backend.setItem('@w3kit/recentWallets', JSON.stringify([sol, evm, mm]));
    await load();
    expect(recent.$recentWallets.get()).toEqual([sol, mm]);
  });

  it('rejects an invalid wallet before storing anything', () => {
    expect(() => recent.addRecentWallet({ id: 'x' } as never)).toThrow(TypeError);
    expect(storageModule.storage.get('recentWallets')).toBeUndefined();
  });
});
