import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from './configure.js';
import { W3ConfigError } from './core/errors.js';
import { networks } from './wire/networks.js';
import type { W3Event } from './stores/app/events.js';
import { $activeNamespace, $activeNetwork, $activeNetworkIds } from './stores/network/networks.js';
import { $features, $options, resetOptions } from './stores/app/options.js';
import { $initialized } from './stores/views/public-state.js';
import { storage } from './stores/app/storage.js';
import { $themeModeSetting, $themeVariables, setThemeMode } from './stores/ui/theme.js';
import { MemoryStorage } from './test-utils/storage.js';
import { recordEvents } from './test-utils/events.js';

let events: W3Event[];
let stopEvents: () => void;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  resetOptions();
  $initialized.set(false);
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  setThemeMode(undefined);
  $themeVariables.set({});
  ({ events, stop: stopEvents } = recordEvents());
});

afterEach(() => {
  stopEvents();
  vi.unstubAllGlobals();
});

describe('configure', () => {
  it('applies the options and returns them', () => {
    const result = configure({
      networks: [networks.mainnet, networks.base],
      projectId: 'p1',
      features: { email: true },
    });
    expect($options.get()).toBe(result);
    expect(result.projectId).toBe('p1');
    expect($features.get().email).toBe(true);
  });

  it('applies themeMode and themeVariables', () => {
    configure({
      networks: [networks.mainnet],
      themeMode: 'dark',
      themeVariables: { '--w3-accent': '#123456' },
    });
    expect($themeModeSetting.get()).toBe('dark');
    expect($themeVariables.get()).toEqual({ '--w3-accent': '#123456' });
  });

  it('leaves the mode to the system when options set none', () => {
    setThemeMode('light');
    configure({ networks: [networks.mainnet] });
    expect($themeModeSetting.get()).toBeUndefined();
  });

  it('initialises the networks: defaultNetwork, else the first', () => {
    configure({ networks: [networks.mainnet, networks.base], defaultNetwork: networks.base });
    expect($activeNamespace.get()).toBe('eip155');
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
    configure({ networks: [networks.optimism, networks.base] });
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:10');
  });

  it('restores a stored network that is still configured', () => {
    storage.set('activeNetworks', { eip155: 'eip155:8453' });
    configure({ networks: [networks.mainnet, networks.base] });
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
  });

  it('sets $initialized', () => {
    expect($initialized.get()).toBe(false);
    configure({ networks: [networks.mainnet] });
    expect($initialized.get()).toBe(true);
  });

  it('emits MODAL_CREATED once', () => {
    configure({ networks: [networks.mainnet] });
    configure({ networks: [networks.mainnet, networks.polygon] });
    expect(events.filter((e) => e.type === 'MODAL_CREATED')).toHaveLength(1);
    expect(events[0]?.type).toBe('MODAL_CREATED');
    expect($options.get()?.networks).toHaveLength(2);
  });

  it('throws W3ConfigError for a bad option and leaves the stores as they were', () => {
    const first = configure({ networks: [networks.mainnet], themeMode: 'light', themeVariables: { '--w3-a': 1 } });
    events = [];
    let caught: unknown;
    try {
      configure({ networks: [networks.base], themeMode: 'dark', themeVariables: { bad: 1 } });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(W3ConfigError);
    expect((caught as W3ConfigError).option).toMatch(/^themeVariables/);
    expect($options.get()).toBe(first);
    expect($themeModeSetting.get()).toBe('light');
    expect($themeVariables.get()).toEqual({ '--w3-a': 1 });
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
    expect(events).toEqual([]);
  });

  it('a bad first call does not initialise', () => {
    expect(() => configure({ networks: [] })).toThrow(W3ConfigError);
    expect(() => configure(null)).toThrow(W3ConfigError);
    expect(() => configure({ networks: [networks.mainnet], apiUrl: 'nope' })).toThrow(W3ConfigError);
    expect($initialized.get()).toBe(false);
    expect($options.get()).toBeUndefined();
    expect($activeNamespace.get()).toBeUndefined();
    expect(events).toEqual([]);
  });

  it("names the option in the error ('networks.0.id' for chain id 2^31)", () => {
    let caught: unknown;
    try {
      configure({ networks: [{ ...networks.mainnet, id: 2147483648, caipNetworkId: 'eip155:2147483648' }] });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(W3ConfigError);
    expect((caught as W3ConfigError).option).toBe('networks.0.id');
    expect((caught as W3ConfigError).message).toContain('Invalid chainId');
  });
});
