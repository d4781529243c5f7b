import { describe, expect, it } from 'vitest';
import { $walletProviders, getWalletProvider, setWalletProvider } from './providers.js';

describe('wallet providers', () => {
  it('stores one provider per namespace', () => {
    const evm = { request: async () => null };
    const sol = { signMessage: async () => null };
    setWalletProvider('eip155', evm);
    setWalletProvider('solana', sol);
    expect(getWalletProvider('eip155')).toBe(evm);
    expect(getWalletProvider('solana')).toBe(sol);
    expect(getWalletProvider('bip122')).toBeUndefined();
  });

  it('replaces and removes providers', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    setWalletProvider('polkadot', a);
    setWalletProvider('polkadot', b);
    expect(getWalletProvider('polkadot')).toBe(b);
    setWalletProvider('polkadot', undefined);
    expect(getWalletProvider('polkadot')).toBeUndefined();
  });

  it('keeps falsy but defined providers', () => {
    setWalletProvider('cosmos', null);
    expect(getWalletProvider('cosmos')).toBeNull();
    setWalletProvider('cosmos', undefined);
  });
});

describe('$walletProviders', () => {
  it('tells its listeners when a provider comes and goes', () => {
    const seen: unknown[] = [];
    const stop = $walletProviders.listen((all) => seen.push(all['eip155']));
    const p = { request: async () => null };
    setWalletProvider('eip155', p);
    setWalletProvider('eip155', undefined);
    stop();
    expect(seen).toEqual([p, undefined]);
  });
});
