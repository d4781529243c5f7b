import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { registerWallet } from '@wallet-standard/wallet';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSolanaTestWallet, type SolanaTestWallet } from '../../../test/fixtures/solana-wallet.js';
import type { AdapterWallet } from '../types.js';
import { MAX_SOLANA_WALLETS, watchSolanaWallets } from './discovery.js';
import type { SolanaProvider } from './provider.js';

/** Wallet Standard's registry speaks through window events; Node's EventTarget is a real one. */
const win = new EventTarget() as EventTarget & Record<string, unknown>;
beforeAll(() => {
  vi.stubGlobal('window', win);
});

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
  for (const key of ['phantom', 'solana', 'solflare', 'backpack']) delete win[key];
});

function watch(): { lists: AdapterWallet<SolanaProvider>[][]; bad: string[]; last: () => AdapterWallet<SolanaProvider>[] } {
  const lists: AdapterWallet<SolanaProvider>[][] = [];
  const bad: string[] = [];
  cleanups.push(
    watchSolanaWallets(
      (l) => lists.push(l),
      (reason) => bad.push(reason),
    ),
  );
  return { lists, bad, last: () => lists.at(-1) ?? [] };
}

function wallet(name: string, options: Parameters<typeof createSolanaTestWallet>[0] = {}): SolanaTestWallet {
  const w = createSolanaTestWallet({ storageKey: false, name, ...options });
  cleanups.push(() => w.unregister());
  return w;
}

describe('watchSolanaWallets', () => {
  it('finds wallets registered before and after it starts, and drops unregistered ones', async () => {
    const before = wallet('Before');
    before.register();
    const { last } = watch();
    expect(last().map((w) => w.name)).toEqual(['Before']);
    expect(last()[0]).toMatchObject({ id: 'wallet-standard:before', type: 'ANNOUNCED', icon: expect.stringMatching(/^data:image\//) });
    const after = wallet('After');
    after.register();
    await tick();
    expect(last().map((w) => w.name)).toEqual(['Before', 'After']);
    after.unregister();
    await tick();
    expect(last().map((w) => w.name)).toEqual(['Before']);
  });

  it('wraps each into a SolanaProvider; signAndSendTransaction only when the wallet has it', async () => {
    wallet('Sender').register();
    wallet('Signer', { signAndSend: false }).register();
    const { last } = watch();
    const [sender, signer] = last();
    expect(typeof sender?.provider.signAndSendTransaction).toBe('function');
    expect(signer?.provider.signAndSendTransaction).toBeUndefined();
    expect(await signer?.provider.connect({ silent: false })).toHaveLength(1);
  });

  it('skips wallets without a solana chain, connect or signing, and with bad names; keeps the first of one name', async () => {
    wallet('Evm only', { chains: ['eip155:1'] }).register();
    const noConnect = wallet('No connect');
    delete (noConnect.wallet.features as Record<string, unknown>)['standard:connect'];
    noConnect.register();
    const noSign = wallet('No sign');
    delete (noSign.wallet.features as Record<string, unknown>)['solana:signMessage'];
    delete (noSign.wallet.features as Record<string, unknown>)['solana:signTransaction'];
    noSign.register();
    const blank = wallet('   ');
    blank.register();
    wallet('  Twin  ', { icon: 'https://evil.example/icon.png' }).register();
    wallet('twin').register();
    const { last, bad } = watch();
    expect(last().map((w) => w.name)).toEqual(['Twin']);
    expect(last()[0]).not.toHaveProperty('icon');
    expect(bad).toEqual(
      expect.arrayContaining([
        expect.stringContaining('no solana chain'),
        expect.stringContaining('no standard:connect'),
        expect.stringContaining('cannot sign'),
        expect.stringContaining('without a name'),
      ]),
    );
  });

  it('a registration that changes nothing (a bad wallet, a second of one name) is no update', async () => {
    wallet('Only').register();
    const { lists, bad } = watch();
    wallet('Evm', { chains: ['eip155:1'] }).register();
    wallet('only').register();
    await tick();
    expect(lists).toHaveLength(1);
    expect(bad).toHaveLength(1);
  });

  it('a wallet whose getters throw is skipped with onBad; discovery goes on', async () => {
    const good = wallet('Good');
    const evil = {
      get name(): string {
        throw new Error('evil');
      },
    } as unknown as Wallet;
    const unregister = getWallets().register(evil);
    cleanups.push(unregister);
    good.register();
    const { last, bad } = watch();
    expect(last().map((w) => w.name)).toEqual(['Good']);
    expect(bad).toContain('wallet-standard: a wallet whose getters throw');
  });

  it('keeps at most MAX_SOLANA_WALLETS, however many register', async () => {
    const { last } = watch();
    for (let i = 0; i < MAX_SOLANA_WALLETS + 10; i++) wallet(`W${i}`).register();
    await tick();
    expect(last()).toHaveLength(MAX_SOLANA_WALLETS);
  });

  it('adds injected providers as INJECTED when no Wallet Standard wallet has their name', async () => {
    const legacy = injected();
    win.phantom = { solana: legacy };
    win.solana = legacy;
    win.solflare = Object.assign(injected(), { isSolflare: true });
    wallet('Solflare').register();
    const { last } = watch();
    expect(last().map((w) => [w.id, w.type])).toEqual([
      ['wallet-standard:solflare', 'ANNOUNCED'],
      ['injected:phantom', 'INJECTED'],
    ]);
  });

  it('a window.solana getter that throws is told to onBad, not thrown', async () => {
    Object.defineProperty(win, 'solana', {
      configurable: true,
      get: () => {
        throw new Error('no');
      },
    });
    const { last, bad } = watch();
    expect(last()).toEqual([]);
    expect(bad).toContain('injected: window.solana throws');
  });

  // Last: a wallet registered with registerWallet cannot be unregistered.
  it("finds a wallet registered with @wallet-standard/wallet's registerWallet", async () => {
    const { last } = watch();
    registerWallet(createSolanaTestWallet({ storageKey: false, name: 'Plain' }).wallet);
    await tick();
    expect(last().map((w) => w.name)).toEqual(['Plain']);
  });

  it('stops calling back once stopped', async () => {
    const lists: unknown[] = [];
    const stop = watchSolanaWallets(
      (l) => lists.push(l),
      () => undefined,
    );
    stop();
    wallet('Late').register();
    await tick();
    expect(lists).toHaveLength(1);
  });
});

function injected(): Record<string, unknown> {
  return { isPhantom: true, connect: async () => ({}), signMessage: async () => ({}), signTransaction: async () => ({}) };
}
