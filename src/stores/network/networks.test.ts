import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { W3ConfigError, W3Error } from '../../core/errors.js';
import { networks, type Network } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import type { W3Event } from '../app/events.js';
import {
  $activeNamespace,
  $activeNetwork,
  $activeNetworkIds,
  $networks,
  $unknownNetwork,
  findNetwork,
  initNetworks,
  setActiveNetwork,
} from './networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { storage } from '../app/storage.js';
import { recordEvents } from '../../test-utils/events.js';
import { solanaMainnet } from '../../test-utils/networks.js';

const solana = solanaMainnet;
const solanaDevnet: Network = {
  ...solana,
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  testnet: true,
};

let backend: MemoryStorage;
let events: W3Event[];
let stopEvents: () => void;

beforeEach(() => {
  backend = new MemoryStorage();
  vi.stubGlobal('localStorage', backend);
  resetOptions();
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  $unknownNetwork.set(undefined);
  ({ events, stop: stopEvents } = recordEvents());
});

afterEach(() => {
  stopEvents();
  vi.unstubAllGlobals();
});

describe('$networks', () => {
  it('is empty before options and lists the configured networks after', () => {
    expect($networks.get()).toEqual([]);
    expect($activeNetwork.get()).toBeUndefined();
    setOptions({ networks: [networks.mainnet, networks.polygon] });
    expect($networks.get().map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:137']);
  });
});

describe('initNetworks', () => {
  it('does nothing without options', () => {
    initNetworks();
    expect($activeNamespace.get()).toBeUndefined();
    expect($activeNetworkIds.get()).toEqual({});
  });

  it('makes the first network active without a defaultNetwork', () => {
    setOptions({ networks: [networks.polygon, networks.mainnet] });
    initNetworks();
    expect($activeNamespace.get()).toBe('eip155');
    expect($activeNetworkIds.get()).toEqual({ eip155: 'eip155:137' });
    expect($activeNetwork.get()).toEqual(networks.polygon);
  });

  it('makes the defaultNetwork active', () => {
    setOptions({ networks: [networks.mainnet, networks.base, networks.localhost], defaultNetwork: networks.localhost });
    initNetworks();
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:31337');
    expect($activeNamespace.get()).toBe('eip155');
  });

  it('picks a network per namespace and the namespace of the default network', () => {
    setOptions({ networks: [networks.mainnet, solana, networks.base, solanaDevnet], defaultNetwork: solanaDevnet });
    initNetworks();
    expect($activeNetworkIds.get()).toEqual({ eip155: 'eip155:1', solana: solanaDevnet.caipNetworkId });
    expect($activeNamespace.get()).toBe('solana');
    expect($activeNetwork.get()?.name).toBe('Solana Devnet');
  });

  it('restores a stored active network that is still configured', () => {
    storage.set('activeNetworks', { eip155: 'eip155:8453' });
    setOptions({ networks: [networks.mainnet, networks.base], defaultNetwork: networks.mainnet });
    initNetworks();
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
  });

  it('ignores a stored network that is no longer configured', () => {
    storage.set('activeNetworks', { eip155: 'eip155:10' });
    setOptions({ networks: [networks.mainnet, networks.base], defaultNetwork: networks.base });
    initNetworks();
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
    setOptions({ networks: [networks.mainnet, networks.base] });
    initNetworks();
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
  });

  it('restores the stored namespace when it has a configured network', () => {
    storage.set('activeNetworks', { solana: solanaDevnet.caipNetworkId });
    storage.set('activeNamespace', 'solana');
    setOptions({ networks: [networks.mainnet, solana, solanaDevnet] });
    initNetworks();
    expect($activeNamespace.get()).toBe('solana');
    expect($activeNetwork.get()?.caipNetworkId).toBe(solanaDevnet.caipNetworkId);
  });

  it('ignores a stored namespace without configured networks', () => {
    storage.set('activeNamespace', 'solana');
    setOptions({ networks: [networks.mainnet] });
    initNetworks();
    expect($activeNamespace.get()).toBe('eip155');
  });

  it('ignores a corrupt stored value', () => {
    backend.setItem('@w3kit/activeNetworks', '{broken');
    setOptions({ networks: [networks.mainnet, networks.base] });
    expect(() => initNetworks()).not.toThrow();
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
  });

  it('clears the unknown network and emits nothing', () => {
    $unknownNetwork.set({ namespace: 'eip155', chainId: '999' });
    setOptions({ networks: [networks.mainnet] });
    initNetworks();
    expect($unknownNetwork.get()).toBeUndefined();
    expect(events).toEqual([]);
  });
});

describe('findNetwork', () => {
  it('finds configured networks by id or object', () => {
    setOptions({ networks: [networks.mainnet, networks.base] });
    expect(findNetwork('eip155:8453')).toEqual(networks.base);
    expect(findNetwork(networks.mainnet)).toEqual(networks.mainnet);
    expect(findNetwork('eip155:10')).toBeUndefined();
    expect(findNetwork(networks.optimism)).toBeUndefined();
  });
});

describe('setActiveNetwork', () => {
  beforeEach(() => {
    setOptions({ networks: [networks.mainnet, networks.polygon, solana] });
    initNetworks();
    events.length = 0;
  });

  it('switches, persists and emits NETWORK_CHANGE', () => {
    const result = setActiveNetwork('eip155:137');
    expect(result).toEqual(networks.polygon);
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:137');
    expect(storage.get('activeNetworks')).toEqual({ eip155: 'eip155:137' });
    expect(storage.get('activeNamespace')).toBe('eip155');
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('NETWORK_CHANGE');
    expect(events[0]?.data['caipNetworkId']).toBe('eip155:137');
    expect(events[0]?.data['network']).toEqual(networks.polygon);
  });

  it('accepts a network object', () => {
    setActiveNetwork(networks.polygon);
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:137');
  });

  it('switches namespaces and keeps the other namespaces in storage', () => {
    setActiveNetwork('eip155:137');
    setActiveNetwork(solana.caipNetworkId);
    expect($activeNamespace.get()).toBe('solana');
    expect($activeNetwork.get()?.caipNetworkId).toBe(solana.caipNetworkId);
    expect($activeNetworkIds.get()).toEqual({ eip155: 'eip155:137', solana: solana.caipNetworkId });
    expect(storage.get('activeNetworks')).toEqual({ eip155: 'eip155:137', solana: solana.caipNetworkId });
    expect(storage.get('activeNamespace')).toBe('solana');
    expect(events.map((e) => e.type)).toEqual(['NETWORK_CHANGE', 'NETWORK_CHANGE']);
  });

  it('switching back to the active network of another namespace changes the namespace', () => {
    setActiveNetwork(solana.caipNetworkId);
    events.length = 0;
    setActiveNetwork('eip155:1');
    expect($activeNamespace.get()).toBe('eip155');
    expect(events.map((e) => e.type)).toEqual(['NETWORK_CHANGE']);
  });

  it('emits nothing for the already active network', () => {
    const result = setActiveNetwork('eip155:1');
    expect(result).toEqual(networks.mainnet);
    setActiveNetwork(networks.mainnet);
    expect(events).toEqual([]);
    expect(storage.get('activeNetworks')).toBeUndefined();
  });

  it('clears the unknown network', () => {
    $unknownNetwork.set({ namespace: 'eip155', chainId: '999' });
    setActiveNetwork('eip155:137');
    expect($unknownNetwork.get()).toBeUndefined();
  });

  it("throws W3Error 'Network Not Found' for an unconfigured network", () => {
    for (const input of ['eip155:10', networks.optimism] as const) {
      let caught: unknown;
      try {
        setActiveNetwork(input);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(W3Error);
      expect((caught as W3Error).shortMessage).toBe('Network Not Found');
      expect((caught as W3Error).details).toContain('eip155:10');
    }
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
    expect(events).toEqual([]);
  });

  it('rejects an invalid network object with a W3ConfigError', () => {
    expect(() => setActiveNetwork({ ...networks.mainnet, caipNetworkId: 'eip155:2' })).toThrow(W3ConfigError);
  });

  it('persists even when another library broke the stored value', () => {
    backend.setItem('@w3kit/activeNetworks', 'garbage');
    setActiveNetwork('eip155:137');
    expect(storage.get('activeNetworks')).toEqual({ eip155: 'eip155:137' });
  });
});
