/**
 * Lazy rules through the registry: an entry with `loadRules` (a small descriptor in the first
 * chunk) has no rules until its namespace is configured or its adapter loads; then `chainRules`
 * gives them synchronously, a module loaded once; a failed load is tried again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chainRules, loadAdapter, loadChainRules, registerAdapter } from './registry.js';
import type { AdapterEntry, ChainAdapter, ChainRules } from './types.js';

const rules: ChainRules = {
  heading: () => 'Lazy networks',
  addressPlaceholder: () => 'lazy address',
  isAddress: () => true,
  maxAmount: 1n,
};
let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

function lazyEntry(fail = 0): { entry: AdapterEntry; loads: () => number } {
  let loads = 0;
  const entry: AdapterEntry = {
    namespace: 'lzy',
    load: async () => ({ namespace: 'lzy' }) as unknown as ChainAdapter,
    loadRules: async () => {
      loads += 1;
      if (loads <= fail) throw new Error('chunk failed to load');
      return rules;
    },
  };
  unregister = registerAdapter(entry);
  return { entry, loads: () => loads };
}

describe('lazy chain rules', () => {
  it('are absent until loaded, then synchronous, loaded once', async () => {
    const { loads } = lazyEntry();
    expect(chainRules('lzy')).toBeUndefined();
    expect(loads()).toBe(0);
    await expect(loadChainRules('lzy')).resolves.toBe(rules);
    expect(chainRules('lzy')?.heading()).toBe('Lazy networks');
    await loadChainRules('lzy');
    expect(loads()).toBe(1);
  });

  it('load with the adapter: a namespace used before it was configured has its rules', async () => {
    lazyEntry();
    const adapter = await loadAdapter('lzy');
    expect(adapter?.namespace).toBe('lzy');
    expect(chainRules('lzy')).toBe(rules);
  });

  it('a failed load rejects and is tried again; a namespace without an entry has none', async () => {
    const { loads } = lazyEntry(1);
    await expect(loadChainRules('lzy')).rejects.toThrow('chunk failed to load');
    expect(chainRules('lzy')).toBeUndefined();
    await expect(loadChainRules('lzy')).resolves.toBe(rules);
    expect(loads()).toBe(2);
    await expect(loadChainRules('nope')).resolves.toBeUndefined();
  });
});
