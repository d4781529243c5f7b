/**
 * The shared Wallet Standard discovery (./wallet-standard-discovery.ts) for a namespace of any
 * features: the real registry of @wallet-standard/app (through window events), the real Bitcoin
 * and Solana test wallets, and plain Wallet objects for what no test wallet does.
 */
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBitcoinTestWallet } from '../../test/fixtures/bitcoin-wallet.js';
import { createSolanaTestWallet } from '../../test/fixtures/solana-wallet.js';
import type { AdapterWallet } from './types.js';
import {
  readStandardWallet,
  standardWalletDiscovery,
  walletIcon,
  walletName,
  type StandardWalletKind,
} from './wallet-standard-discovery.js';

const win = new EventTarget() as EventTarget & Record<string, unknown>;
beforeAll(() => {
  vi.stubGlobal('window', win);
});
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** A kind that wraps a wallet into its name, so the lists are easy to read. */
const kind = (over: Partial<StandardWalletKind<string>> = {}): StandardWalletKind<string> => ({
  max: 3,
  connect: 'bitcoin:connect',
  sign: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
  cannotSign: 'cannot sign bitcoin',
  wrap: (_wallet, name) => `provider of ${name}`,
  ...over,
});

const plain = (name: unknown, features: unknown, extra: Partial<Wallet> = {}): Wallet =>
  ({ version: '1.0.0', name, icon: 'data:image/png;base64,AA==', chains: [], accounts: [], features, ...extra }) as unknown as Wallet;

function watch(k: StandardWalletKind<string>, more?: Parameters<typeof standardWalletDiscovery<string>>[1]) {
  const lists: AdapterWallet<string>[][] = [];
  const bad: string[] = [];
  cleanups.push(
    standardWalletDiscovery(k, more)(
      (l) => lists.push(l),
      (reason) => bad.push(reason),
    ),
  );
  return { lists, bad, names: () => (lists.at(-1) ?? []).map((w) => w.name) };
}

describe('readStandardWallet', () => {
  it('keeps a wallet with the connect feature and one signing feature; says in words why another is not kept', () => {
    const btc = createBitcoinTestWallet({ storageKey: false, name: '  Both  ' });
    expect(readStandardWallet(btc.wallet, kind())).toEqual({
      id: 'wallet-standard:both',
      type: 'ANNOUNCED',
      name: 'Both',
      icon: btc.wallet.icon,
      provider: 'provider of Both',
    });
    const sol = createSolanaTestWallet({ storageKey: false, name: 'Sol' });
    expect(readStandardWallet(sol.wallet, kind())).toBe('wallet-standard: Sol has no bitcoin:connect');
    expect(readStandardWallet(plain('No sign', { 'bitcoin:connect': {} }), kind())).toBe('wallet-standard: No sign cannot sign bitcoin');
    expect(readStandardWallet(plain('Bare', null), kind())).toBe('wallet-standard: Bare has no features');
    expect(readStandardWallet(plain(' ', {}), kind())).toBe('wallet-standard: a wallet without a name');
  });

  it('checks the chains first when the kind names them, and only then', () => {
    const chains = { accepts: (c: unknown) => Array.isArray(c) && c.includes('bitcoin:regtest'), missing: 'has no bitcoin chain' };
    const mainnet = createBitcoinTestWallet({ storageKey: false, name: 'Main', network: 'mainnet' });
    expect(readStandardWallet(mainnet.wallet, kind({ chains }))).toBe('wallet-standard: Main has no bitcoin chain');
    expect(readStandardWallet(mainnet.wallet, kind())).toMatchObject({ name: 'Main' });
    const throwing = plain('Chains throw', { 'bitcoin:connect': {}, 'bitcoin:signMessage': {} });
    Object.defineProperty(throwing, 'chains', {
      get() {
        throw new Error('no chains');
      },
    });
    expect(readStandardWallet(throwing, kind())).toMatchObject({ name: 'Chains throw' });
    expect(() => readStandardWallet(throwing, kind({ chains }))).toThrow('no chains');
  });

  it('trims names to 80 characters and keeps icons only as data URIs of images', () => {
    expect(walletName(`  ${'n'.repeat(100)} `)).toBe('n'.repeat(80));
    expect(walletName(42)).toBe(undefined);
    expect(walletIcon('data:image/svg+xml;base64,AA==')).toBe('data:image/svg+xml;base64,AA==');
    expect(walletIcon('https://example.com/icon.png')).toBe(undefined);
    expect(walletIcon(`data:image/png;base64,${'A'.repeat(200_001)}`)).toBe(undefined);
  });
});

describe('standardWalletDiscovery', () => {
  it("lists the kind's wallets as they register and unregister; tells only the bad ones the kind names", async () => {
    const isBad = (reason: string) => reason.endsWith('cannot sign bitcoin');
    const first = createBitcoinTestWallet({ storageKey: false, name: 'First' });
    cleanups.push(first.register());
    const { lists, bad, names } = watch(kind({ isBad }));
    expect(names()).toEqual(['First']);
    const sol = createSolanaTestWallet({ storageKey: false, name: 'Sol' });
    cleanups.push(sol.register());
    const unregister = getWallets().register(plain('Cannot sign', { 'bitcoin:connect': {} }));
    cleanups.push(unregister);
    await tick();
    // Neither a Solana wallet nor a bad one changes the list: no update.
    expect(lists.length).toBe(1);
    expect(bad).toEqual(['wallet-standard: Cannot sign cannot sign bitcoin']);
    first.unregister();
    await tick();
    expect(names()).toEqual([]);
  });

  it('adds the other wallets whose names no Wallet Standard wallet has, made only when listed, within the most', async () => {
    cleanups.push(createBitcoinTestWallet({ storageKey: false, name: 'Shared' }).register());
    const made: string[] = [];
    const other = (name: string) => ({
      name,
      entry: () => {
        made.push(name);
        return { id: `injected:${name.toLowerCase()}`, type: 'INJECTED' as const, name, provider: `injected ${name}` };
      },
    });
    const { names, lists } = watch(kind({ max: 3 }), () => [other('shared'), other('Two'), other('Three'), other('Four')]);
    expect(names()).toEqual(['Shared', 'Two', 'Three']);
    expect(made).toEqual(['Two', 'Three']);
    expect(lists.at(-1)?.[1]).toMatchObject({ id: 'injected:two', provider: 'injected Two' });
  });

  it('a wallet whose getters throw is told and skipped; discovery goes on', async () => {
    const broken = plain('Broken', {});
    Object.defineProperty(broken, 'features', {
      get() {
        throw new Error('boom');
      },
    });
    cleanups.push(getWallets().register(broken));
    cleanups.push(createBitcoinTestWallet({ storageKey: false, name: 'Fine' }).register());
    const { names, bad } = watch(kind());
    expect(names()).toEqual(['Fine']);
    expect(bad).toEqual(['wallet-standard: a wallet whose getters throw']);
  });
});
